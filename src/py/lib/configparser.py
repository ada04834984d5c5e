"""configparser for Sandkiste: INI-style configuration files.

Parsing rules (sections, key/value delimiters, comments, multi-line values,
DEFAULT section), interpolation (basic %(name)s and extended ${sec:opt}),
writing and the exception texts follow CPython's module; the code is our own.
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


class _UnnamedSection:
    def __repr__(self):
        return '<UNNAMED_SECTION>'


UNNAMED_SECTION = _UnnamedSection()


class Error(Exception):
    def __init__(self, msg=''):
        self.message = msg
        Exception.__init__(self, msg)

    def __repr__(self):
        return self.message

    __str__ = __repr__


class NoSectionError(Error):
    def __init__(self, section):
        Error.__init__(self, 'No section: %r' % (section,))
        self.section = section
        self.args = (section,)


class DuplicateSectionError(Error):
    def __init__(self, section, source=None, lineno=None):
        msg = [repr(section), ' already exists']
        if source is not None:
            message = ['While reading from ', repr(source)]
            if lineno is not None:
                message.append(' [line {0:2d}]'.format(lineno))
            message.append(': section ')
            message.extend(msg)
            msg = message
        else:
            msg.insert(0, 'Section ')
        Error.__init__(self, ''.join(msg))
        self.section = section
        self.source = source
        self.lineno = lineno
        self.args = (section, source, lineno)


class DuplicateOptionError(Error):
    def __init__(self, section, option, source=None, lineno=None):
        msg = [repr(option), ' in section ', repr(section), ' already exists']
        if source is not None:
            message = ['While reading from ', repr(source)]
            if lineno is not None:
                message.append(' [line {0:2d}]'.format(lineno))
            message.append(': option ')
            message.extend(msg)
            msg = message
        else:
            msg.insert(0, 'Option ')
        Error.__init__(self, ''.join(msg))
        self.section = section
        self.option = option
        self.source = source
        self.lineno = lineno
        self.args = (section, option, source, lineno)


class NoOptionError(Error):
    def __init__(self, option, section):
        Error.__init__(self, 'No option %r in section: %r' % (option, section))
        self.option = option
        self.section = section
        self.args = (option, section)


class InterpolationError(Error):
    def __init__(self, option, section, msg):
        Error.__init__(self, msg)
        self.option = option
        self.section = section
        self.args = (option, section, msg)


class InterpolationMissingOptionError(InterpolationError):
    def __init__(self, option, section, rawval, reference):
        msg = ('Bad value substitution: option {!r} in section {!r} contains an interpolation key {!r} which is '
               'not a valid option name. Raw value: {!r}'.format(option, section, reference, rawval))
        InterpolationError.__init__(self, option, section, msg)
        self.reference = reference
        self.args = (option, section, rawval, reference)


class InterpolationSyntaxError(InterpolationError):
    pass


class InterpolationDepthError(InterpolationError):
    def __init__(self, option, section, rawval):
        msg = ('Recursion limit exceeded in value substitution: option {!r} in section {!r} contains an '
               'interpolation key which cannot be substituted in {} steps. Raw value: {!r}'
               ''.format(option, section, MAX_INTERPOLATION_DEPTH, rawval))
        InterpolationError.__init__(self, option, section, msg)
        self.args = (option, section, rawval)


class ParsingError(Error):
    def __init__(self, source, *args):
        Error.__init__(self, 'Source contains parsing errors: %r' % source)
        self.source = source
        self.errors = []
        self.args = (source,)
        if args:
            self.append(*args)

    def append(self, lineno, line):
        self.errors.append((lineno, line))
        self.message += '\n\t[line %2d]: %s' % (lineno, repr(line))

    def combine(self, others):
        for other in others:
            for error in other.errors:
                self.append(*error)
        return self


class MissingSectionHeaderError(ParsingError):
    def __init__(self, filename, lineno, line):
        Error.__init__(self, 'File contains no section headers.\nfile: %r, line: %d\n%r' % (filename, lineno, line))
        self.source = filename
        self.lineno = lineno
        self.line = line
        self.args = (filename, lineno, line)


class MultilineContinuationError(ParsingError):
    def __init__(self, filename, lineno, line):
        Error.__init__(self, 'Key without value continued with an indented line.\nfile: %r, line: %d\n%r'
                       % (filename, lineno, line))
        self.source = filename
        self.lineno = lineno
        self.line = line
        self.args = (filename, lineno, line)


# ---- interpolation ----------------------------------------------------------------------------
class Interpolation:
    """No interpolation at all."""

    def before_get(self, parser, section, option, value, defaults):
        return value

    def before_set(self, parser, section, option, value):
        return value

    def before_read(self, parser, section, option, value):
        return value

    def before_write(self, parser, section, option, value):
        return value


class BasicInterpolation(Interpolation):
    """%(name)s references to options of the same section (or DEFAULT); %% is a percent sign."""

    _KEYCRE = re.compile(r'%\(([^)]+)\)s')

    def before_get(self, parser, section, option, value, defaults):
        out = []
        self._expand(parser, option, out, value, section, defaults, 1)
        return ''.join(out)

    def before_set(self, parser, section, option, value):
        tmp = value.replace('%%', '')
        tmp = self._KEYCRE.sub('', tmp)
        if '%' in tmp:
            raise ValueError('invalid interpolation syntax in %r at position %d' % (value, tmp.find('%')))
        return value

    def _expand(self, parser, option, out, rest, section, mapping, depth):
        rawval = parser.get(section, option, raw=True, fallback=rest)
        if depth > MAX_INTERPOLATION_DEPTH:
            raise InterpolationDepthError(option, section, rawval)
        while rest:
            p = rest.find('%')
            if p < 0:
                out.append(rest)
                return
            if p > 0:
                out.append(rest[:p])
                rest = rest[p:]
            c = rest[1:2]
            if c == '%':
                out.append('%')
                rest = rest[2:]
            elif c == '(':
                m = self._KEYCRE.match(rest)
                if m is None:
                    raise InterpolationSyntaxError(option, section, 'bad interpolation variable reference %r'
                                                   % rest)
                var = parser.optionxform(m.group(1))
                rest = rest[m.end():]
                try:
                    v = mapping[var]
                except KeyError:
                    raise InterpolationMissingOptionError(option, section, rawval, var) from None
                if '%' in v:
                    self._expand(parser, option, out, v, section, mapping, depth + 1)
                else:
                    out.append(v)
            else:
                raise InterpolationSyntaxError(option, section,
                                               "'%%' must be followed by '%%' or '(', found: %r" % (rest,))


class ExtendedInterpolation(Interpolation):
    """${option} and ${section:option} references; $$ is a dollar sign."""

    _KEYCRE = re.compile(r'\$\{([^}]+)\}')

    def before_get(self, parser, section, option, value, defaults):
        out = []
        self._expand(parser, option, out, value, section, defaults, 1)
        return ''.join(out)

    def before_set(self, parser, section, option, value):
        tmp = value.replace('$$', '')
        tmp = self._KEYCRE.sub('', tmp)
        if '$' in tmp:
            raise ValueError('invalid interpolation syntax in %r at position %d' % (value, tmp.find('$')))
        return value

    def _expand(self, parser, option, out, rest, section, mapping, depth):
        rawval = parser.get(section, option, raw=True, fallback=rest)
        if depth > MAX_INTERPOLATION_DEPTH:
            raise InterpolationDepthError(option, section, rawval)
        while rest:
            p = rest.find('$')
            if p < 0:
                out.append(rest)
                return
            if p > 0:
                out.append(rest[:p])
                rest = rest[p:]
            c = rest[1:2]
            if c == '$':
                out.append('$')
                rest = rest[2:]
            elif c == '{':
                m = self._KEYCRE.match(rest)
                if m is None:
                    raise InterpolationSyntaxError(option, section, 'bad interpolation variable reference %r'
                                                   % rest)
                path = m.group(1).split(':')
                rest = rest[m.end():]
                sect = section
                opt = option
                try:
                    if len(path) == 1:
                        opt = parser.optionxform(path[0])
                        v = mapping[opt]
                    elif len(path) == 2:
                        sect = path[0]
                        opt = parser.optionxform(path[1])
                        v = parser.get(sect, opt, raw=True)
                    else:
                        raise InterpolationSyntaxError(option, section, 'More than one \':\' found: %r' % (rest,))
                except (KeyError, NoSectionError, NoOptionError):
                    raise InterpolationMissingOptionError(option, section, rawval, ':'.join(path)) from None
                if '$' in v:
                    self._expand(parser, opt, out, v, sect, dict(parser.items(sect, raw=True)), depth + 1)
                else:
                    out.append(v)
            else:
                raise InterpolationSyntaxError(option, section,
                                               "'$' must be followed by '$' or '{', found: %r" % (rest,))


# ---- the parser ---------------------------------------------------------------------------------
_UNSET = object()


class RawConfigParser(MutableMapping):
    """A parser without interpolation."""

    _DEFAULT_INTERPOLATION = Interpolation()
    BOOLEAN_STATES = {'1': True, 'yes': True, 'true': True, 'on': True, '0': False, 'no': False, 'false': False,
                      'off': False}
    SECTCRE = re.compile(r'\[(?P<header>.+)\]')

    def __init__(self, defaults=None, dict_type=dict, allow_no_value=False, *, delimiters=('=', ':'),
                 comment_prefixes=('#', ';'), inline_comment_prefixes=None, strict=True,
                 empty_lines_in_values=True, default_section=DEFAULTSECT, interpolation=_UNSET, converters=_UNSET,
                 allow_unnamed_section=False):
        self._dict = dict_type
        self._sections = self._dict()
        self._defaults = self._dict()
        self._converters = ConverterMapping(self)
        self._proxies = self._dict()
        self._proxies[default_section] = SectionProxy(self, default_section)
        self._delimiters = tuple(delimiters)
        self._comment_prefixes = tuple(comment_prefixes or ())
        self._inline_comment_prefixes = tuple(inline_comment_prefixes or ())
        self._strict = strict
        self._allow_no_value = allow_no_value
        self._empty_lines_in_values = empty_lines_in_values
        self.default_section = default_section
        self._allow_unnamed_section = allow_unnamed_section
        self._interpolation = interpolation
        if self._interpolation is _UNSET:
            self._interpolation = self._DEFAULT_INTERPOLATION
        if self._interpolation is None:
            self._interpolation = Interpolation()
        if converters is not _UNSET:
            self._converters.update(converters)
        if defaults:
            self._read_defaults(defaults)

    def defaults(self):
        return self._defaults

    def sections(self):
        return list(self._sections.keys())

    def add_section(self, section):
        if section == self.default_section:
            raise ValueError('Invalid section name: %r' % section)
        if section in self._sections:
            raise DuplicateSectionError(section)
        self._sections[section] = self._dict()
        self._proxies[section] = SectionProxy(self, section)

    def has_section(self, section):
        return section in self._sections

    def options(self, section):
        try:
            opts = self._sections[section].copy()
        except KeyError:
            raise NoSectionError(section) from None
        opts.update(self._defaults)
        return list(opts.keys())

    def read(self, filenames, encoding=None):
        if isinstance(filenames, (str, bytes, os.PathLike)):
            filenames = [filenames]
        read_ok = []
        for filename in filenames:
            try:
                with open(filename, encoding=encoding) as fp:
                    self._read(fp, filename)
            except OSError:
                continue
            if isinstance(filename, os.PathLike):
                filename = os.fspath(filename)
            read_ok.append(filename)
        return read_ok

    def read_file(self, f, source=None):
        if source is None:
            try:
                source = f.name
            except AttributeError:
                source = '<???>'
        self._read(f, source)

    def read_string(self, string, source='<string>'):
        import io
        self.read_file(io.StringIO(string), source)

    def read_dict(self, dictionary, source='<dict>'):
        seen = set()
        for section, keys in dictionary.items():
            section = str(section)
            try:
                self.add_section(section)
            except (DuplicateSectionError, ValueError):
                if self._strict and section in seen:
                    raise
            seen.add(section)
            for key, value in keys.items():
                key = self.optionxform(str(key))
                if value is not None:
                    value = str(value)
                if self._strict and (section, key) in seen:
                    raise DuplicateOptionError(section, key, source)
                seen.add((section, key))
                self.set(section, key, value)

    def get(self, section, option, *, raw=False, vars=None, fallback=_UNSET):
        try:
            d = self._unify_values(section, vars)
        except NoSectionError:
            if fallback is _UNSET:
                raise
            return fallback
        option = self.optionxform(option)
        try:
            value = d[option]
        except KeyError:
            if fallback is _UNSET:
                raise NoOptionError(option, section)
            return fallback
        if raw or value is None:
            return value
        return self._interpolation.before_get(self, section, option, value, d)

    def _get(self, section, conv, option, **kwargs):
        return conv(self.get(section, option, **kwargs))

    def _get_conv(self, section, option, conv, *, raw=False, vars=None, fallback=_UNSET, **kwargs):
        try:
            return self._get(section, conv, option, raw=raw, vars=vars, **kwargs)
        except (NoSectionError, NoOptionError):
            if fallback is _UNSET:
                raise
            return fallback

    def getint(self, section, option, *, raw=False, vars=None, fallback=_UNSET, **kwargs):
        return self._get_conv(section, option, int, raw=raw, vars=vars, fallback=fallback, **kwargs)

    def getfloat(self, section, option, *, raw=False, vars=None, fallback=_UNSET, **kwargs):
        return self._get_conv(section, option, float, raw=raw, vars=vars, fallback=fallback, **kwargs)

    def getboolean(self, section, option, *, raw=False, vars=None, fallback=_UNSET, **kwargs):
        return self._get_conv(section, option, self._convert_to_boolean, raw=raw, vars=vars, fallback=fallback,
                              **kwargs)

    def items(self, section=_UNSET, raw=False, vars=None):
        if section is _UNSET:
            return super().items()
        d = self._defaults.copy()
        try:
            d.update(self._sections[section])
        except KeyError:
            if section != self.default_section:
                raise NoSectionError(section)
        orig_keys = list(d.keys())
        if vars:
            for key, value in vars.items():
                d[self.optionxform(key)] = value
        value_getter = lambda option: self._interpolation.before_get(self, section, option, d[option], d)
        if raw:
            value_getter = lambda option: d[option]
        return [(option, value_getter(option)) for option in orig_keys]

    def popitem(self):
        for key in self.sections():
            value = self[key]
            del self[key]
            return key, value
        raise KeyError

    def optionxform(self, optionstr):
        return optionstr.lower()

    def has_option(self, section, option):
        if not section or section == self.default_section:
            option = self.optionxform(option)
            return option in self._defaults
        if section not in self._sections:
            return False
        option = self.optionxform(option)
        return option in self._sections[section] or option in self._defaults

    def set(self, section, option, value=None):
        if value:
            value = self._interpolation.before_set(self, section, option, value)
        if not section or section == self.default_section:
            sectdict = self._defaults
        else:
            try:
                sectdict = self._sections[section]
            except KeyError:
                raise NoSectionError(section) from None
        sectdict[self.optionxform(option)] = value

    def write(self, fp, space_around_delimiters=True):
        d = ' {} '.format(self._delimiters[0]) if space_around_delimiters else self._delimiters[0]
        if self._defaults:
            self._write_section(fp, self.default_section, self._defaults.items(), d)
        for section in self._sections:
            self._write_section(fp, section, self._sections[section].items(), d)

    def _write_section(self, fp, section_name, section_items, delimiter):
        if section_name is not UNNAMED_SECTION:
            fp.write('[{}]\n'.format(section_name))
        for key, value in section_items:
            value = self._interpolation.before_write(self, section_name, key, value)
            if value is not None or not self._allow_no_value:
                value = delimiter + str(value).replace('\n', '\n\t')
            else:
                value = ''
            fp.write('{}{}\n'.format(key, value))
        fp.write('\n')

    def remove_option(self, section, option):
        if not section or section == self.default_section:
            sectdict = self._defaults
        else:
            try:
                sectdict = self._sections[section]
            except KeyError:
                raise NoSectionError(section) from None
        option = self.optionxform(option)
        existed = option in sectdict
        if existed:
            del sectdict[option]
        return existed

    def remove_section(self, section):
        existed = section in self._sections
        if existed:
            del self._sections[section]
            del self._proxies[section]
        return existed

    def __getitem__(self, key):
        if key != self.default_section and not self.has_section(key):
            raise KeyError(key)
        return self._proxies[key]

    def __setitem__(self, key, value):
        if key in self and self[key] is value:
            return
        if key == self.default_section:
            self._defaults.clear()
        elif key in self._sections:
            self._sections[key].clear()
        self.read_dict({key: value})

    def __delitem__(self, key):
        if key == self.default_section:
            raise ValueError('Cannot remove the default section.')
        if not self.has_section(key):
            raise KeyError(key)
        self.remove_section(key)

    def __contains__(self, key):
        return key == self.default_section or self.has_section(key)

    def __len__(self):
        return len(self._sections) + 1

    def __iter__(self):
        yield self.default_section
        yield from self._sections.keys()

    # -- reading ----------------------------------------------------------------------------------
    def _strip_comment(self, line):
        """Remove an inline comment (prefix preceded by whitespace)."""
        if not self._inline_comment_prefixes:
            return line
        best = len(line)
        for prefix in self._inline_comment_prefixes:
            idx = line.find(prefix)
            while idx != -1:
                if idx == 0 or line[idx - 1].isspace():
                    best = min(best, idx)
                    break
                idx = line.find(prefix, idx + 1)
        return line[:best]

    def _read(self, fp, fpname):
        elements_added = set()
        cursect = None
        sectname = None
        optname = None
        indent_level = 0
        errors = []
        lineno = 0
        for lineno, line in enumerate(fp, start=1):
            stripped = line.strip()
            comment = any(stripped.startswith(p) for p in self._comment_prefixes)
            value = '' if comment else self._strip_comment(line).strip()
            if not value:
                if self._empty_lines_in_values:
                    if not comment and cursect is not None and optname and cursect[optname] is not None:
                        cursect[optname].append('')
                else:
                    indent_level = sys.maxsize
                continue
            cur_indent = len(line) - len(line.lstrip())
            if cursect is not None and optname and cur_indent > indent_level:
                if cursect[optname] is None:
                    raise MultilineContinuationError(fpname, lineno, line)
                cursect[optname].append(value)
                continue
            indent_level = cur_indent
            mo = self.SECTCRE.match(value)
            if mo:
                sectname = mo.group('header')
                if sectname in self._sections:
                    if self._strict and sectname in elements_added:
                        raise DuplicateSectionError(sectname, fpname, lineno)
                    cursect = self._sections[sectname]
                    elements_added.add(sectname)
                elif sectname == self.default_section:
                    cursect = self._defaults
                else:
                    cursect = self._dict()
                    self._sections[sectname] = cursect
                    self._proxies[sectname] = SectionProxy(self, sectname)
                    elements_added.add(sectname)
                optname = None
                continue
            if cursect is None:
                if self._allow_unnamed_section:
                    sectname = UNNAMED_SECTION
                    cursect = self._dict()
                    self._sections[sectname] = cursect
                    self._proxies[sectname] = SectionProxy(self, sectname)
                else:
                    raise MissingSectionHeaderError(fpname, lineno, line)
            split = self._split_option(value)
            if split is None:
                errors.append((lineno, line))
                optname = None
                continue
            optname, optval = split
            if not optname:
                errors.append((lineno, line))
                continue
            optname = self.optionxform(optname.rstrip())
            if self._strict and (sectname, optname) in elements_added:
                raise DuplicateOptionError(sectname, optname, fpname, lineno)
            elements_added.add((sectname, optname))
            if optval is not None:
                cursect[optname] = [optval.strip()]
            else:
                cursect[optname] = None
        self._join_multiline_values()
        if errors:
            err = ParsingError(fpname)
            for e in errors:
                err.append(*e)
            raise err

    def _split_option(self, value):
        best = None
        for d in self._delimiters:
            idx = value.find(d)
            if idx > 0 and (best is None or idx < best[0]):
                best = (idx, d)
        if best is None:
            if self._allow_no_value:
                return value, None
            return None
        idx, d = best
        return value[:idx].strip(), value[idx + len(d):]

    def _join_multiline_values(self):
        defaults = self.default_section, self._defaults
        all_sections = [defaults] + list(self._sections.items())
        for section, options in all_sections:
            for name, val in options.items():
                if isinstance(val, list):
                    while val and val[-1] == '':
                        val.pop()
                    val = '\n'.join(val)
                options[name] = self._interpolation.before_read(self, section, name, val) \
                    if isinstance(val, str) else val

    def _read_defaults(self, defaults):
        for key, value in defaults.items():
            self._defaults[self.optionxform(key)] = value

    def _unify_values(self, section, vars):
        sectiondict = {}
        try:
            sectiondict = self._sections[section]
        except KeyError:
            if section != self.default_section:
                raise NoSectionError(section) from None
        vardict = {}
        if vars:
            for key, value in vars.items():
                if value is not None:
                    value = str(value)
                vardict[self.optionxform(key)] = value
        merged = dict(self._defaults)
        merged.update(sectiondict)
        merged.update(vardict)
        return merged

    def _convert_to_boolean(self, value):
        if value.lower() not in self.BOOLEAN_STATES:
            raise ValueError('Not a boolean: %s' % value)
        return self.BOOLEAN_STATES[value.lower()]

    @property
    def converters(self):
        return self._converters


class ConfigParser(RawConfigParser):
    """ConfigParser with %(name)s interpolation; values must be strings."""

    _DEFAULT_INTERPOLATION = BasicInterpolation()

    def set(self, section, option, value=None):
        self._validate_value_types(option=option, value=value)
        super().set(section, option, value)

    def add_section(self, section):
        self._validate_value_types(section=section)
        super().add_section(section)

    def _read_defaults(self, defaults):
        try:
            hold = self._interpolation
            self._interpolation = Interpolation()
            self.read_dict({self.default_section: defaults})
        finally:
            self._interpolation = hold

    def _validate_value_types(self, *, section='', option='', value=''):
        if not isinstance(section, str):
            raise TypeError('section names must be strings')
        if not isinstance(option, str):
            raise TypeError('option keys must be strings')
        if not self._allow_no_value or value:
            if not isinstance(value, str):
                raise TypeError('option values must be strings')


SafeConfigParser = ConfigParser


class SectionProxy(MutableMapping):
    """A view of one section, with get() and the getint/getfloat/getboolean helpers."""

    def __init__(self, parser, name):
        self._parser = parser
        self._name = name
        for conv in parser.converters:
            key = 'get' + conv
            setattr(self, key, self._make_getter(conv))

    def _make_getter(self, conv):
        def getter(option, fallback=None, *, raw=False, vars=None, _impl=None, **kwargs):
            return getattr(self._parser, 'get' + conv)(self._name, option, raw=raw, vars=vars, fallback=fallback,
                                                       **kwargs)
        return getter

    def __repr__(self):
        return '<Section: {}>'.format(self._name)

    def __getitem__(self, key):
        if not self._parser.has_option(self._name, key):
            raise KeyError(key)
        return self._parser.get(self._name, key)

    def __setitem__(self, key, value):
        self._parser._validate_value_types(option=key, value=value) if hasattr(
            self._parser, '_validate_value_types') else None
        return self._parser.set(self._name, key, value)

    def __delitem__(self, key):
        if not (self._parser.has_option(self._name, key) and self._parser.remove_option(self._name, key)):
            raise KeyError(key)

    def __contains__(self, key):
        return self._parser.has_option(self._name, key)

    def __len__(self):
        return len(self._options())

    def __iter__(self):
        return self._options().__iter__()

    def _options(self):
        if self._name != self._parser.default_section:
            return self._parser.options(self._name)
        return self._parser.defaults()

    @property
    def parser(self):
        return self._parser

    @property
    def name(self):
        return self._name

    def get(self, option, fallback=None, *, raw=False, vars=None, _impl=None, **kwargs):
        return self._parser.get(self._name, option, raw=raw, vars=vars, fallback=fallback, **kwargs)

    def getint(self, option, fallback=None, *, raw=False, vars=None, **kwargs):
        return self._parser.getint(self._name, option, raw=raw, vars=vars, fallback=fallback, **kwargs)

    def getfloat(self, option, fallback=None, *, raw=False, vars=None, **kwargs):
        return self._parser.getfloat(self._name, option, raw=raw, vars=vars, fallback=fallback, **kwargs)

    def getboolean(self, option, fallback=None, *, raw=False, vars=None, **kwargs):
        return self._parser.getboolean(self._name, option, raw=raw, vars=vars, fallback=fallback, **kwargs)


class ConverterMapping(MutableMapping):
    """The extra get*() converters of a parser."""

    GETTERCRE = re.compile(r'^get(?P<name>.+)$')

    def __init__(self, parser):
        self._parser = parser
        self._data = {}

    def __getitem__(self, key):
        return self._data[key]

    def __setitem__(self, key, value):
        try:
            k = 'get' + key
        except TypeError:
            raise ValueError('Incompatible key: {} (type: {})'.format(key, type(key)))
        if k == 'get':
            raise ValueError('Incompatible key: cannot use "" as a name')
        self._data[key] = value
        func = lambda section, option, *a, **kw: self._parser._get_conv(section, option, value, *a, **kw)
        setattr(self._parser, k, func)

    def __delitem__(self, key):
        del self._data[key]
        try:
            delattr(self._parser, 'get' + key)
        except AttributeError:
            pass

    def __iter__(self):
        return iter(self._data)

    def __len__(self):
        return len(self._data)
