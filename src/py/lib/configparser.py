"""INI-style configuration files for Sandkiste.

A parser holds sections of options; every section also sees the options of
the default section.  Values may refer to other values through an
interpolation object ('%(name)s' by default, '${section:name}' extended).
"""
import os
import re
import sys
from collections.abc import MutableMapping

__all__ = ['NoSectionError', 'DuplicateOptionError', 'DuplicateSectionError', 'NoOptionError', 'InterpolationError',
           'InterpolationDepthError', 'InterpolationMissingOptionError', 'InterpolationSyntaxError',
           'ParsingError', 'MissingSectionHeaderError', 'MultilineContinuationError', 'ConfigParser',
           'RawConfigParser', 'Interpolation', 'BasicInterpolation', 'ExtendedInterpolation', 'SectionProxy',
           'ConverterMapping', 'DEFAULTSECT', 'MAX_INTERPOLATION_DEPTH', 'UNNAMED_SECTION']

DEFAULTSECT = 'DEFAULT'
MAX_INTERPOLATION_DEPTH = 10


class _Unnamed:
    """Key of the options that come before any section header."""

    def __repr__(self):
        return '<UNNAMED_SECTION>'


UNNAMED_SECTION = _Unnamed()

_MISSING = object()


# ---- errors -------------------------------------------------------------------------------------

class Error(Exception):
    """Base of every configparser error; str() is the message."""

    def __init__(self, msg=''):
        self.message = msg
        super().__init__(msg)

    def __repr__(self):
        return self.message

    __str__ = __repr__

    def _remember(self, args, **attrs):
        self.__dict__.update(attrs)
        self.args = args


def _where(source, lineno):
    text = 'While reading from %r' % (source,)
    if lineno is not None:
        text += ' [line %2d]' % lineno
    return text


class NoSectionError(Error):
    def __init__(self, section):
        Error.__init__(self, f'No section: {section!r}')
        self._remember((section,), section=section)


class DuplicateSectionError(Error):
    def __init__(self, section, source=None, lineno=None):
        if source is None:
            text = 'Section %r already exists' % (section,)
        else:
            text = '%s: section %r already exists' % (_where(source, lineno), section)
        Error.__init__(self, text)
        self._remember((section, source, lineno), section=section, source=source, lineno=lineno)


class DuplicateOptionError(Error):
    def __init__(self, section, option, source=None, lineno=None):
        what = '%r in section %r already exists' % (option, section)
        if source is None:
            text = 'Option ' + what
        else:
            text = '%s: option %s' % (_where(source, lineno), what)
        Error.__init__(self, text)
        self._remember((section, option, source, lineno), section=section, option=option, source=source,
                       lineno=lineno)


class NoOptionError(Error):
    def __init__(self, option, section):
        Error.__init__(self, f'No option {option!r} in section: {section!r}')
        self._remember((option, section), option=option, section=section)


_NOT_FOUND = (NoSectionError, NoOptionError)   # what a fallback= value covers


class InterpolationError(Error):
    def __init__(self, option, section, msg):
        Error.__init__(self, msg)
        self._remember((option, section, msg), option=option, section=section)


class InterpolationMissingOptionError(InterpolationError):
    def __init__(self, option, section, rawval, reference):
        text = ('Bad value substitution: option %r in section %r contains an interpolation key %r which is '
                'not a valid option name. Raw value: %r' % (option, section, reference, rawval))
        InterpolationError.__init__(self, option, section, text)
        self._remember((option, section, rawval, reference), reference=reference)


class InterpolationSyntaxError(InterpolationError):
    pass


class InterpolationDepthError(InterpolationError):
    def __init__(self, option, section, rawval):
        text = ('Recursion limit exceeded in value substitution: option %r in section %r contains an '
                'interpolation key which cannot be substituted in %d steps. Raw value: %r'
                % (option, section, MAX_INTERPOLATION_DEPTH, rawval))
        InterpolationError.__init__(self, option, section, text)
        self._remember((option, section, rawval))


class ParsingError(Error):
    """Collects every bad line of one source."""

    def __init__(self, source, *args):
        Error.__init__(self, 'Source contains parsing errors: %r' % (source,))
        self.source = source
        self.errors = []
        self.args = (source,)
        if args:
            self.append(*args)

    def append(self, lineno, line):
        self.errors += [(lineno, line)]
        self.message += '\n\t[line %2d]: %r' % (lineno, line)

    def combine(self, others):
        for other in others:
            for lineno, line in other.errors:
                self.append(lineno, line)
        return self


class _LineError(ParsingError):
    def __init__(self, intro, filename, lineno, line):
        Error.__init__(self, '%s\nfile: %r, line: %d\n%r' % (intro, filename, lineno, line))
        self.errors = []
        self._remember((filename, lineno, line), source=filename, lineno=lineno, line=line)


class MissingSectionHeaderError(_LineError):
    def __init__(self, filename, lineno, line):
        _LineError.__init__(self, 'File contains no section headers.', filename, lineno, line)


class MultilineContinuationError(_LineError):
    def __init__(self, filename, lineno, line):
        _LineError.__init__(self, 'Key without value continued with an indented line.', filename, lineno, line)


# ---- interpolation ------------------------------------------------------------------------------

class Interpolation:
    """No interpolation: values are returned as stored."""

    def _as_is(self, parser, section, option, value, *defaults):
        return value

    # hooks run when a value is fetched, stored, parsed and written
    before_get = before_set = before_read = before_write = _as_is


class _Expander(Interpolation):
    """Shared driver: `sigil` starts a reference, doubled it is literal."""

    sigil = '%'

    def before_get(self, parser, section, option, value, defaults):
        pieces = []
        self._expand(parser, option, section, value, defaults, pieces, 1)
        return ''.join(pieces)

    def before_set(self, parser, section, option, value):
        leftover = self._strip_refs(value.replace(self.sigil * 2, ''))
        bad = leftover.find(self.sigil)
        if bad >= 0:
            raise ValueError('invalid interpolation syntax in %r at position %d' % (value, bad))
        return value

    def _expand(self, parser, option, section, text, lookup, pieces, depth):
        original = parser.get(section, option, raw=True, fallback=text)
        if depth > MAX_INTERPOLATION_DEPTH:
            raise InterpolationDepthError(option, section, original)
        s = self.sigil
        while text:
            at = text.find(s)
            if at < 0:
                pieces.append(text)
                return
            if at:
                pieces.append(text[:at])
                text = text[at:]
            follow = text[1:2]
            if follow == s:
                pieces.append(s)
                text = text[2:]
                continue
            text = self._reference(parser, option, section, text, lookup, pieces, depth, original)

    def _fail_sigil(self, option, section, text):
        raise InterpolationSyntaxError(option, section, "'%s' must be followed by '%s' or '%s', found: %r"
                                       % (self.sigil, self.sigil, self.opener, text))


class BasicInterpolation(_Expander):
    """'%(name)s' refers to an option of the same section (or DEFAULT)."""

    sigil = '%'
    opener = '('
    _ref = re.compile(r'%\(([^)]+)\)s')

    def _strip_refs(self, text):
        return self._ref.sub('', text)

    def _reference(self, parser, option, section, text, lookup, pieces, depth, original):
        if text[1:2] != '(':
            self._fail_sigil(option, section, text)
        m = self._ref.match(text)
        if m is None:
            raise InterpolationSyntaxError(option, section, 'bad interpolation variable reference %r' % text)
        key = parser.optionxform(m.group(1))
        try:
            found = lookup[key]
        except KeyError:
            raise InterpolationMissingOptionError(option, section, original, key) from None
        if '%' in found:
            self._expand(parser, option, section, found, lookup, pieces, depth + 1)
        else:
            pieces.append(found)
        return text[m.end():]


class ExtendedInterpolation(_Expander):
    """'${name}' or '${section:name}'; '$$' is a literal dollar."""

    sigil = '$'
    opener = '{'
    _ref = re.compile(r'\$\{([^}]+)\}')

    def _strip_refs(self, text):
        return self._ref.sub('', text)

    def _reference(self, parser, option, section, text, lookup, pieces, depth, original):
        if text[1:2] != '{':
            self._fail_sigil(option, section, text)
        m = self._ref.match(text)
        if m is None:
            raise InterpolationSyntaxError(option, section, 'bad interpolation variable reference %r' % text)
        parts = m.group(1).split(':')
        rest = text[m.end():]
        where, name = section, option
        try:
            if len(parts) == 1:
                name = parser.optionxform(parts[0])
                found = lookup[name]
            elif len(parts) == 2:
                where = parts[0]
                name = parser.optionxform(parts[1])
                found = parser.get(where, name, raw=True)
            else:
                raise InterpolationSyntaxError(option, section, "More than one ':' found: %r" % (rest,))
        except (KeyError, NoSectionError, NoOptionError):
            raise InterpolationMissingOptionError(option, section, original, ':'.join(parts)) from None
        if '$' in found:
            self._expand(parser, name, where, found, dict(parser.items(where, raw=True)), pieces, depth + 1)
        else:
            pieces.append(found)
        return rest


# ---- the parser ---------------------------------------------------------------------------------

class _Reader:
    """State of one _read() pass over the lines of a source."""

    def __init__(self, parser, source):
        self.p = parser
        self.source = source
        self.section = None       # dict receiving options, or None
        self.section_name = None
        self.key = None           # option whose value may continue
        self.indent = sys.maxsize
        self.seen = set()         # sections and (section, option) read here
        self.problems = None      # a ParsingError once a bad line shows up

    def bad_line(self, lineno, line):
        if self.problems is None:
            self.problems = ParsingError(self.source)
        self.problems.append(lineno, line)

    def strip_comment(self, line):
        """Return (text without comment, True if there was a comment)."""
        p = self.p
        probe = line.strip()
        for prefix in p._comment_prefixes:
            if probe.startswith(prefix):
                return '', True
        cut = len(line)
        for prefix in p._inline_comment_prefixes:
            at = line.find(prefix)
            while at >= 0:
                if at > 0 and line[at - 1].isspace():
                    cut = min(cut, at)
                    break
                at = line.find(prefix, at + 1)
        return line[:cut].strip(), cut < len(line)

    def feed(self, lineno, line):
        p = self.p
        text, had_comment = self.strip_comment(line)
        if not text:
            if not p._keep_blank_lines:
                self.indent = sys.maxsize       # a blank line ends the value
            elif not had_comment and self.key and self.section is not None \
                    and self.section.get(self.key) is not None:
                self.section[self.key].append('')
            return
        depth = len(line) - len(line.lstrip())
        if self.section is not None and self.key and depth > self.indent:
            held = self.section[self.key]
            if held is None:
                raise MultilineContinuationError(self.source, lineno, line)
            held.append(text)
            return
        self.indent = depth
        if self.section is None and p._allow_unnamed_section:
            self.open_section(UNNAMED_SECTION, lineno)
        head = p.SECTCRE.match(text)
        if head:
            self.open_section(head.group('header'), lineno)
            return
        if self.section is None:
            raise MissingSectionHeaderError(self.source, lineno, line)
        split = p._split_option(text)
        if split is None or not split[0]:
            self.bad_line(lineno, line)
            return
        key = p.optionxform(split[0])
        if p._strict and (self.section_name, key) in self.seen:
            raise DuplicateOptionError(self.section_name, key, self.source, lineno)
        self.seen.add((self.section_name, key))
        self.key = key
        self.section[key] = None if split[1] is None else [split[1]]

    def open_section(self, name, lineno):
        p = self.p
        if name in p._sections:
            if p._strict and name in self.seen:
                raise DuplicateSectionError(name, self.source, lineno)
            target = p._sections[name]
        elif name == p.default_section:
            target = p._defaults
        else:
            target = p._new_section(name)
        self.seen.add(name)
        self.section = target
        self.section_name = name
        self.key = None


class RawConfigParser(MutableMapping):
    """Configuration parser without interpolation."""

    _interpolation_kind = Interpolation
    BOOLEAN_STATES = dict.fromkeys(('1', 'yes', 'true', 'on'), True)
    BOOLEAN_STATES.update(dict.fromkeys(('0', 'no', 'false', 'off'), False))
    SECTCRE = re.compile(r'\[(?P<header>.+)\]')

    def __init__(self, defaults=None, dict_type=dict, allow_no_value=False, *, delimiters=('=', ':'),
                 comment_prefixes=('#', ';'), inline_comment_prefixes=None, strict=True,
                 empty_lines_in_values=True, default_section=DEFAULTSECT, interpolation=_MISSING,
                 converters=_MISSING, allow_unnamed_section=False):
        self._dict = dict_type
        self._sections = dict_type()
        self._defaults = dict_type()
        self.default_section = default_section
        self._views = {default_section: SectionProxy(self, default_section)}
        self._conv_map = ConverterMapping(self)
        # parsing switches
        self._strict, self._delimiters = strict, tuple(delimiters)
        self._comment_prefixes, self._inline_comment_prefixes = (
            tuple(comment_prefixes or ()), tuple(inline_comment_prefixes or ()))
        self._allow_no_value, self._allow_unnamed_section = allow_no_value, allow_unnamed_section
        self._keep_blank_lines = empty_lines_in_values
        if interpolation is _MISSING:
            interpolation = self._interpolation_kind()
        self._interpolation = Interpolation() if interpolation is None else interpolation
        if converters is not _MISSING:
            for conv_name, func in converters.items():
                self._conv_map[conv_name] = func
        if defaults:
            self._load_defaults(defaults)

    # -- sections and options --

    def defaults(self):
        return self._defaults

    def sections(self):
        return list(self._sections)

    def add_section(self, section):
        if self.has_section(section):
            raise DuplicateSectionError(section)
        if section == self.default_section:
            raise ValueError('Invalid section name: %r' % section)
        self._new_section(section)

    def _new_section(self, name):
        store = self._sections[name] = self._dict()
        self._views[name] = SectionProxy(self, name)
        return store

    def has_section(self, section):
        return section in self._sections

    def options(self, section):
        if section not in self._sections:
            raise NoSectionError(section)
        names = list(self._sections[section])
        names.extend(k for k in self._defaults if k not in self._sections[section])
        return names

    def optionxform(self, optionstr):
        return optionstr.lower()

    def _is_default(self, section):
        return not section or section == self.default_section

    def _options_of(self, section):
        """The dict storing `section`'s own options (defaults for DEFAULT)."""
        if self._is_default(section):
            return self._defaults
        found = self._sections.get(section)
        if found is None:
            raise NoSectionError(section)
        return found

    def has_option(self, section, option):
        if self._is_default(section):
            return self.optionxform(option) in self._defaults
        if section not in self._sections:
            return False
        key = self.optionxform(option)
        return key in self._sections[section] or key in self._defaults

    def set(self, section, option, value=None):
        if value:
            value = self._interpolation.before_set(self, section, option, value)
        self._options_of(section)[self.optionxform(option)] = value

    def remove_option(self, section, option):
        store = self._options_of(section)
        key = self.optionxform(option)
        if key not in store:
            return False
        del store[key]
        return True

    def remove_section(self, section):
        if section not in self._sections:
            return False
        del self._sections[section], self._views[section]
        return True

    # -- reading --

    def read(self, filenames, encoding=None):
        single = isinstance(filenames, (str, bytes)) or hasattr(filenames, '__fspath__')
        done = []
        for name in [filenames] if single else filenames:
            try:
                with open(name, encoding=encoding) as fh:
                    self._read(fh, name)
            except OSError:
                continue
            done.append(os.fspath(name) if isinstance(name, os.PathLike) else name)
        return done

    def read_file(self, f, source=None):
        if source is None:
            source = getattr(f, 'name', '<???>')
        self._read(f, source)

    def read_string(self, string, source='<string>'):
        import io
        self.read_file(io.StringIO(string), source)

    def read_dict(self, dictionary, source='<dict>'):
        seen = set()
        for section, options in dictionary.items():
            section = str(section)
            if section != self.default_section and section not in self._sections:
                self.add_section(section)
            elif self._strict and section in seen:
                self.add_section(section)   # raises: duplicate (or DEFAULT) section
            seen.add(section)
            for key, value in options.items():
                option = self.optionxform(str(key))
                if self._strict and (section, option) in seen:
                    raise DuplicateOptionError(section, option, source)
                seen.add((section, option))
                self.set(section, option, None if value is None else str(value))

    def _split_option(self, text):
        """(key, value) at the earliest delimiter; (text, None) for a bare key
        when allowed; None when the line is not an option."""
        best = -1
        width = 0
        for delim in self._delimiters:
            at = text.find(delim)
            if at >= 0 and (best < 0 or at < best):
                best, width = at, len(delim)
        if best < 0:
            return (text, None) if self._allow_no_value else None
        return text[:best].rstrip(), text[best + width:].strip()

    def _read(self, fp, fpname):
        reader = _Reader(self, fpname)
        try:
            for number, text in enumerate(fp, 1):
                reader.feed(number, text)
            if reader.problems is not None:
                raise reader.problems
        finally:
            self._finish_values()

    def _finish_values(self):
        """Join the collected lines of every value and run before_read."""
        groups = [(self.default_section, self._defaults)]
        groups.extend(self._sections.items())
        for name, store in groups:
            for key in list(store):
                lines = store[key]
                if isinstance(lines, list):
                    store[key] = self._interpolation.before_read(self, name, key, '\n'.join(lines).rstrip())

    def _load_defaults(self, defaults):
        self._defaults.update((self.optionxform(k), v) for k, v in defaults.items())

    # -- getting values --

    def _merged(self, section, vars):
        """defaults, overlaid by the section, overlaid by vars."""
        merged = dict(self._defaults)
        own = self._sections.get(section)
        if own is not None:
            merged.update(own)
        elif section != self.default_section:
            raise NoSectionError(section)
        if vars:
            for k, v in vars.items():
                merged[self.optionxform(k)] = None if v is None else str(v)
        return merged

    def get(self, section, option, *, raw=False, vars=None, fallback=_MISSING):
        try:
            merged = self._merged(section, vars)
        except NoSectionError:
            if fallback is _MISSING:
                raise
            return fallback
        key = self.optionxform(option)
        if key not in merged:
            if fallback is _MISSING:
                raise NoOptionError(key, section)
            return fallback
        value = merged[key]
        if raw or value is None:
            return value
        return self._interpolation.before_get(self, section, key, value, merged)

    def _get_conv(self, section, option, conv, *, raw=False, vars=None, fallback=_MISSING, **kwargs):
        try:
            text = self.get(section, option, raw=raw, vars=vars, **kwargs)
        except _NOT_FOUND:
            if fallback is _MISSING:
                raise
            return fallback
        return conv(text)

    def getint(self, section, option, *, raw=False, vars=None, fallback=_MISSING, **kwargs):
        return self._get_conv(section, option, int, raw=raw, vars=vars, fallback=fallback, **kwargs)

    def getfloat(self, section, option, *, raw=False, vars=None, fallback=_MISSING, **kwargs):
        return self._get_conv(section, option, float, raw=raw, vars=vars, fallback=fallback, **kwargs)

    def getboolean(self, section, option, *, raw=False, vars=None, fallback=_MISSING, **kwargs):
        return self._get_conv(section, option, self._truth, raw=raw, vars=vars, fallback=fallback, **kwargs)

    def _truth(self, text):
        try:
            return self.BOOLEAN_STATES[text.lower()]
        except KeyError:
            raise ValueError('Not a boolean: %s' % text) from None

    def items(self, section=_MISSING, raw=False, vars=None):
        if section is _MISSING:
            return MutableMapping.items(self)
        merged = self._merged(section, vars)
        if raw:
            return list(merged.items())
        before_get = self._interpolation.before_get
        return [(k, before_get(self, section, k, v, merged)) for k, v in merged.items()]

    def popitem(self):
        for name in self.sections():
            proxy = self[name]
            del self[name]
            return name, proxy
        raise KeyError

    @property
    def converters(self):
        return self._conv_map

    # -- writing --

    def write(self, fp, space_around_delimiters=True):
        sep = ' %s ' % self._delimiters[0] if space_around_delimiters else self._delimiters[0]
        # DEFAULT (when it has options), the unnamed block, then the rest in order
        names = sorted(self._sections, key=lambda n: n is not UNNAMED_SECTION)
        if self._defaults:
            names.insert(0, self.default_section)
        for name in names:
            fp.write(self._section_text(name, sep))

    def _section_text(self, name, sep):
        store = self._sections.get(name, self._defaults)
        lines = [] if name is UNNAMED_SECTION else ['[%s]' % (name,)]
        for key in store:
            value = self._interpolation.before_write(self, name, key, store[key])
            if value is None and self._allow_no_value:
                lines.append(str(key))
            else:
                lines.append(str(key) + sep + str(value).replace('\n', '\n\t'))
        return ''.join(line + '\n' for line in lines) + '\n'


    # -- mapping protocol: parser[section] --

    def __getitem__(self, key):
        view = self._views.get(key)
        if view is None:
            raise KeyError(key)
        return view

    def __setitem__(self, key, value):
        # assigning a section replaces its options (itself: no-op)
        if self._views.get(key) is value:
            return
        old = self._defaults if key == self.default_section else self._sections.get(key)
        if old is not None:
            old.clear()
        self.read_dict({key: value})

    def __delitem__(self, key):
        if key == self.default_section:
            raise ValueError('Cannot remove the default section.')
        if not self.remove_section(key):
            raise KeyError(key)

    def __contains__(self, key):
        return key in self._sections or key == self.default_section

    def __len__(self):
        return len(self._sections) + 1

    def __iter__(self):
        yield self.default_section
        yield from list(self._sections)

    def _check_types(self, *, section='', option='', value=''):
        for what, given in (('section names', section), ('option keys', option)):
            if not isinstance(given, str):
                raise TypeError(what + ' must be strings')
        if not isinstance(value, str) and (value or not self._allow_no_value):
            raise TypeError('option values must be strings')


class ConfigParser(RawConfigParser):
    """Parser with '%(name)s' interpolation and string-only values."""

    _interpolation_kind = BasicInterpolation

    def set(self, section, option, value=None):
        self._check_types(option=option, value=value)
        super().set(section, option, value)

    def add_section(self, section):
        self._check_types(section=section)
        super().add_section(section)

    def _load_defaults(self, defaults):
        # through read_dict (so values become strings) but without the
        # interpolation syntax check of before_set
        saved, self._interpolation = self._interpolation, Interpolation()
        try:
            self.read_dict({self.default_section: defaults})
        finally:
            self._interpolation = saved


SafeConfigParser = ConfigParser


def _bind_getter(proxy, impl):
    def getter(option, fallback=None, *, raw=False, vars=None, **kwargs):
        return proxy.get(option, fallback, raw=raw, vars=vars, _impl=impl, **kwargs)
    return getter


class SectionProxy(MutableMapping):
    """parser[name]: a live mapping view of one section."""

    def __init__(self, parser, name):
        self._cfg = parser
        self._sect = name

    def __getattr__(self, attr):
        # get<conv>() for every converter the parser knows, looked up live
        if attr[:3] == 'get':
            owner = self.__dict__.get('_cfg')
            if owner is not None and attr[3:] in owner.converters:
                return _bind_getter(self, getattr(owner, attr))
        raise AttributeError('%r object has no attribute %r' % (type(self).__name__, attr))

    def __repr__(self):
        return '<Section: %s>' % (self._sect,)

    def _options(self):
        owner = self._cfg
        return owner.defaults() if self._sect == owner.default_section else owner.options(self._sect)

    def __getitem__(self, key):
        owner, sect = self._cfg, self._sect
        if not owner.has_option(sect, key):
            raise KeyError(key)
        return owner.get(sect, key)

    def __setitem__(self, key, value):
        self._cfg._check_types(option=key, value=value)
        return self._cfg.set(self._sect, key, value)

    def __delitem__(self, key):
        owner, sect = self._cfg, self._sect
        if not (owner.has_option(sect, key) and owner.remove_option(sect, key)):
            raise KeyError(key)

    def __contains__(self, key):
        return self._cfg.has_option(self._sect, key)

    def __len__(self):
        return sum(1 for _ in self._options())

    def __iter__(self):
        return iter(self._options())

    @property
    def parser(self):
        return self._cfg

    @property
    def name(self):
        return self._sect

    def get(self, option, fallback=None, *, raw=False, vars=None, _impl=None, **kwargs):
        fetch = _impl or self._cfg.get
        return fetch(self._sect, option, raw=raw, vars=vars, fallback=fallback, **kwargs)


class ConverterMapping(MutableMapping):
    """parser.converters: name -> function; adds get<name>() methods."""

    def __init__(self, parser):
        self._cfg = parser
        self._funcs = {}
        for attr in dir(parser):
            if len(attr) > 3 and attr.startswith('get') and callable(getattr(parser, attr, None)):
                self._funcs[attr[3:]] = None

    def __iter__(self):
        return iter(self._funcs)

    def __len__(self):
        return len(self._funcs)

    def __setitem__(self, key, value):
        if not isinstance(key, str):
            raise ValueError('Incompatible key: %s (type: %s)' % (key, type(key)))
        if not key:
            raise ValueError('Incompatible key: cannot use "" as a name')
        owner = self._cfg

        def method(section, option, **kwargs):
            return owner._get_conv(section, option, value, **kwargs)
        method.converter = value
        self._funcs[key] = value
        setattr(owner, 'get' + key, method)

    def __getitem__(self, key):
        return self._funcs[key]

    def __delitem__(self, key):
        if not isinstance(key, str) or not key:
            raise KeyError(key)
        del self._funcs[key]
        try:
            delattr(self._cfg, 'get' + key)
        except AttributeError:
            pass
