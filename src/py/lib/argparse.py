"""argparse for Sandkiste: command-line parsing with CPython's behaviour.

Parsing (option clusters, abbreviations, '=' values, '--', nargs patterns,
mutually exclusive groups, subparsers), the usage/help layout and every
error message follow CPython 3.13/3.14 (no colour: output is never a
terminal).  The implementation is our own.
"""
import os as _os
import re as _re
import sys as _sys

__all__ = ['ArgumentParser', 'ArgumentError', 'ArgumentTypeError', 'BooleanOptionalAction', 'FileType',
           'HelpFormatter', 'ArgumentDefaultsHelpFormatter', 'RawDescriptionHelpFormatter',
           'RawTextHelpFormatter', 'MetavarTypeHelpFormatter', 'Namespace', 'Action', 'ONE_OR_MORE',
           'OPTIONAL', 'PARSER', 'REMAINDER', 'SUPPRESS', 'ZERO_OR_MORE']

SUPPRESS = '==SUPPRESS=='
OPTIONAL = '?'
ZERO_OR_MORE = '*'
ONE_OR_MORE = '+'
PARSER = 'A...'
REMAINDER = '...'
_UNRECOGNIZED_ARGS_ATTR = '_unrecognized_args'


def _(text):
    return text


def ngettext(singular, plural, n):
    return singular if n == 1 else plural


# ---- small shared pieces ------------------------------------------------------------------
class _AttributeHolder:
    """repr() as Name(positional..., key=value...)."""

    def __repr__(self):
        parts = [repr(a) for a in self._get_args()]
        odd = {}
        for name, value in self._get_kwargs():
            if name.isidentifier():
                parts.append('%s=%r' % (name, value))
            else:
                odd[name] = value
        if odd:
            parts.append('**%s' % repr(odd))
        return '%s(%s)' % (type(self).__name__, ', '.join(parts))

    def _get_kwargs(self):
        return list(self.__dict__.items())

    def _get_args(self):
        return []


def _copy_items(items):
    if items is None:
        return []
    if type(items) is list:
        return items[:]
    import copy
    return copy.copy(items)


def _action_name(action):
    if action is None:
        return None
    if action.option_strings:
        return '/'.join(action.option_strings)
    if action.metavar not in (None, SUPPRESS):
        mv = action.metavar
        if not isinstance(mv, tuple):
            return mv
        if action.nargs == ZERO_OR_MORE and len(mv) == 2:
            return '%s[, %s]' % mv
        if action.nargs == ONE_OR_MORE:
            return '%s[, %s...]' % mv
        return ', '.join(mv)
    if action.dest not in (None, SUPPRESS):
        return action.dest
    if action.choices:
        return '{' + ','.join(action.choices) + '}'
    return None


class ArgumentError(Exception):
    """An error from creating or using an argument."""

    def __init__(self, argument, message):
        self.argument_name = _action_name(argument)
        self.message = message

    def __str__(self):
        if self.argument_name is None:
            return self.message
        return 'argument %s: %s' % (self.argument_name, self.message)


class ArgumentTypeError(Exception):
    """Raised by type converters to report a bad value."""


class Namespace(_AttributeHolder):
    """A plain object holding the parsed attributes."""

    def __init__(self, **kwargs):
        for name, value in kwargs.items():
            setattr(self, name, value)

    def __eq__(self, other):
        if not isinstance(other, Namespace):
            return NotImplemented
        return vars(self) == vars(other)

    def __contains__(self, key):
        return key in self.__dict__

    __hash__ = None


# ---- actions ------------------------------------------------------------------------------------
class Action(_AttributeHolder):
    """What to do with an argument once it is matched."""

    def __init__(self, option_strings, dest, nargs=None, const=None, default=None, type=None, choices=None,
                 required=False, help=None, metavar=None, deprecated=False):
        self.option_strings = option_strings
        self.dest = dest
        self.nargs = nargs
        self.const = const
        self.default = default
        self.type = type
        self.choices = choices
        self.required = required
        self.help = help
        self.metavar = metavar
        self.deprecated = deprecated

    def _get_kwargs(self):
        names = ['option_strings', 'dest', 'nargs', 'const', 'default', 'type', 'choices', 'required', 'help',
                 'metavar', 'deprecated']
        return [(name, getattr(self, name)) for name in names]

    def format_usage(self):
        return self.option_strings[0]

    def __call__(self, parser, namespace, values, option_string=None):
        raise NotImplementedError('.__call__() not defined')


class BooleanOptionalAction(Action):
    """--flag / --no-flag."""

    def __init__(self, option_strings, dest, default=None, required=False, help=None, deprecated=False):
        strings = []
        for opt in option_strings:
            strings.append(opt)
            if opt.startswith('--'):
                if opt.startswith('--no-'):
                    raise ValueError(f'invalid option name {opt!r} for BooleanOptionalAction')
                strings.append('--no-' + opt[2:])
        super().__init__(option_strings=strings, dest=dest, nargs=0, default=default, required=required,
                         help=help, deprecated=deprecated)

    def __call__(self, parser, namespace, values, option_string=None):
        if option_string in self.option_strings:
            setattr(namespace, self.dest, not option_string.startswith('--no-'))

    def format_usage(self):
        return ' | '.join(self.option_strings)


class _StoreAction(Action):
    def __init__(self, option_strings, dest, nargs=None, const=None, default=None, type=None, choices=None,
                 required=False, help=None, metavar=None, deprecated=False):
        if nargs == 0:
            raise ValueError('nargs for store actions must be != 0; if you have nothing to store, actions '
                             'such as store true or store const may be more appropriate')
        if const is not None and nargs != OPTIONAL:
            raise ValueError('nargs must be %r to supply const' % OPTIONAL)
        super().__init__(option_strings=option_strings, dest=dest, nargs=nargs, const=const, default=default,
                         type=type, choices=choices, required=required, help=help, metavar=metavar,
                         deprecated=deprecated)

    def __call__(self, parser, namespace, values, option_string=None):
        setattr(namespace, self.dest, values)


class _StoreConstAction(Action):
    def __init__(self, option_strings, dest, const=None, default=None, required=False, help=None, metavar=None,
                 deprecated=False):
        super().__init__(option_strings=option_strings, dest=dest, nargs=0, const=const, default=default,
                         required=required, help=help, deprecated=deprecated)

    def __call__(self, parser, namespace, values, option_string=None):
        setattr(namespace, self.dest, self.const)


class _StoreTrueAction(_StoreConstAction):
    def __init__(self, option_strings, dest, default=False, required=False, help=None, deprecated=False):
        super().__init__(option_strings=option_strings, dest=dest, const=True, default=default,
                         required=required, help=help, deprecated=deprecated)


class _StoreFalseAction(_StoreConstAction):
    def __init__(self, option_strings, dest, default=True, required=False, help=None, deprecated=False):
        super().__init__(option_strings=option_strings, dest=dest, const=False, default=default,
                         required=required, help=help, deprecated=deprecated)


class _AppendAction(Action):
    def __init__(self, option_strings, dest, nargs=None, const=None, default=None, type=None, choices=None,
                 required=False, help=None, metavar=None, deprecated=False):
        if nargs == 0:
            raise ValueError('nargs for append actions must be != 0; if arg strings are not supplying the '
                             'value to append, the append const action may be more appropriate')
        if const is not None and nargs != OPTIONAL:
            raise ValueError('nargs must be %r to supply const' % OPTIONAL)
        super().__init__(option_strings=option_strings, dest=dest, nargs=nargs, const=const, default=default,
                         type=type, choices=choices, required=required, help=help, metavar=metavar,
                         deprecated=deprecated)

    def __call__(self, parser, namespace, values, option_string=None):
        items = _copy_items(getattr(namespace, self.dest, None))
        items.append(values)
        setattr(namespace, self.dest, items)


class _AppendConstAction(Action):
    def __init__(self, option_strings, dest, const=None, default=None, required=False, help=None, metavar=None,
                 deprecated=False):
        super().__init__(option_strings=option_strings, dest=dest, nargs=0, const=const, default=default,
                         required=required, help=help, metavar=metavar, deprecated=deprecated)

    def __call__(self, parser, namespace, values, option_string=None):
        items = _copy_items(getattr(namespace, self.dest, None))
        items.append(self.const)
        setattr(namespace, self.dest, items)


class _CountAction(Action):
    def __init__(self, option_strings, dest, default=None, required=False, help=None, deprecated=False):
        super().__init__(option_strings=option_strings, dest=dest, nargs=0, default=default, required=required,
                         help=help, deprecated=deprecated)

    def __call__(self, parser, namespace, values, option_string=None):
        count = getattr(namespace, self.dest, None)
        setattr(namespace, self.dest, (0 if count is None else count) + 1)


class _HelpAction(Action):
    def __init__(self, option_strings, dest=SUPPRESS, default=SUPPRESS, help=None, deprecated=False):
        super().__init__(option_strings=option_strings, dest=dest, default=default, nargs=0, help=help,
                         deprecated=deprecated)

    def __call__(self, parser, namespace, values, option_string=None):
        parser.print_help()
        parser.exit()


class _VersionAction(Action):
    def __init__(self, option_strings, version=None, dest=SUPPRESS, default=SUPPRESS,
                 help="show program's version number and exit", deprecated=False):
        super().__init__(option_strings=option_strings, dest=dest, default=default, nargs=0, help=help,
                         deprecated=deprecated)
        self.version = version

    def __call__(self, parser, namespace, values, option_string=None):
        version = self.version
        if version is None:
            version = parser.version
        formatter = parser._get_formatter()
        formatter.add_text(version)
        parser._print_message(formatter.format_help(), _sys.stdout)
        parser.exit()


class _ExtendAction(_AppendAction):
    def __call__(self, parser, namespace, values, option_string=None):
        items = _copy_items(getattr(namespace, self.dest, None))
        items.extend(values)
        setattr(namespace, self.dest, items)


class _SubParsersAction(Action):
    class _ChoicesPseudoAction(Action):
        def __init__(self, name, aliases, help):
            metavar = dest = name
            if aliases:
                metavar += ' (%s)' % ', '.join(aliases)
            super().__init__(option_strings=[], dest=dest, help=help, metavar=metavar)

    def __init__(self, option_strings, prog, parser_class, dest=SUPPRESS, required=False, help=None,
                 metavar=None):
        self._prog_prefix = prog
        self._parser_class = parser_class
        self._name_parser_map = {}
        self._choices_actions = []
        self._deprecated = set()
        super().__init__(option_strings=option_strings, dest=dest, nargs=PARSER, choices=self._name_parser_map,
                         required=required, help=help, metavar=metavar)

    def add_parser(self, name, *, deprecated=False, **kwargs):
        if kwargs.get('prog') is None:
            kwargs['prog'] = '%s %s' % (self._prog_prefix, name)
        aliases = kwargs.pop('aliases', ())
        if name in self._name_parser_map:
            raise ValueError(f'conflicting subparser: {name}')
        for alias in aliases:
            if alias in self._name_parser_map:
                raise ValueError(f'conflicting subparser alias: {alias}')
        if 'help' in kwargs:
            self._choices_actions.append(self._ChoicesPseudoAction(name, aliases, kwargs.pop('help')))
        parser = self._parser_class(**kwargs)
        self._name_parser_map[name] = parser
        for alias in aliases:
            self._name_parser_map[alias] = parser
        if deprecated:
            self._deprecated.add(name)
            self._deprecated.update(aliases)
        return parser

    def _get_subactions(self):
        return self._choices_actions

    def __call__(self, parser, namespace, values, option_string=None):
        name = values[0]
        rest = values[1:]
        if self.dest is not SUPPRESS:
            setattr(namespace, self.dest, name)
        try:
            sub = self._name_parser_map[name]
        except KeyError:
            msg = _('unknown parser %(parser_name)r (choices: %(choices)s)') % {
                'parser_name': name, 'choices': ', '.join(self._name_parser_map)}
            raise ArgumentError(self, msg)
        if name in self._deprecated:
            parser._warning(_("command '%(parser_name)s' is deprecated") % {'parser_name': name})
        subns, rest = sub.parse_known_args(rest, None)
        for key, value in vars(subns).items():
            setattr(namespace, key, value)
        if rest:
            vars(namespace).setdefault(_UNRECOGNIZED_ARGS_ATTR, [])
            getattr(namespace, _UNRECOGNIZED_ARGS_ATTR).extend(rest)


class FileType:
    """A type= factory opening the named file (or '-' for stdin/stdout)."""

    def __init__(self, mode='r', bufsize=-1, encoding=None, errors=None):
        self._mode = mode
        self._bufsize = bufsize
        self._encoding = encoding
        self._errors = errors

    def __call__(self, string):
        if string == '-':
            if 'r' in self._mode:
                return _sys.stdin.buffer if 'b' in self._mode else _sys.stdin
            if any(c in self._mode for c in 'wax'):
                return _sys.stdout.buffer if 'b' in self._mode else _sys.stdout
            raise ValueError(_('argument "-" with mode %r') % self._mode)
        try:
            return open(string, self._mode, self._bufsize, self._encoding, self._errors)
        except OSError as e:
            raise ArgumentTypeError(_("can't open '%(filename)s': %(error)s") % {'filename': string, 'error': e})

    def __repr__(self):
        args = self._mode, self._bufsize
        kwargs = [('encoding', self._encoding), ('errors', self._errors)]
        text = ', '.join([repr(a) for a in args if a != -1] + ['%s=%r' % (k, v) for k, v in kwargs if v is not None])
        return '%s(%s)' % (type(self).__name__, text)


# ---- help formatting --------------------------------------------------------------------------------
class HelpFormatter:
    """Lays out usage and help text."""

    def __init__(self, prog, indent_increment=2, max_help_position=24, width=None):
        if width is None:
            import shutil
            width = shutil.get_terminal_size().columns
            width -= 2
        self._prog = prog
        self._indent_increment = indent_increment
        self._max_help_position = min(max_help_position, max(width - 20, indent_increment * 2))
        self._width = width
        self._current_indent = 0
        self._level = 0
        self._action_max_length = 0
        self._root_section = self._Section(self, None)
        self._current_section = self._root_section
        self._whitespace_matcher = _re.compile(r'\s+', _re.ASCII)
        self._long_break_matcher = _re.compile(r'\n\n\n+')

    def _indent(self):
        self._current_indent += self._indent_increment
        self._level += 1

    def _dedent(self):
        self._current_indent -= self._indent_increment
        assert self._current_indent >= 0, 'Indent decreased below 0.'
        self._level -= 1

    class _Section:
        def __init__(self, formatter, parent, heading=None):
            self.formatter = formatter
            self.parent = parent
            self.heading = heading
            self.items = []

        def format_help(self):
            f = self.formatter
            if self.parent is not None:
                f._indent()
            body = f._join_parts([func(*args) for func, args in self.items])
            if self.parent is not None:
                f._dedent()
            if not body:
                return ''
            if self.heading is not SUPPRESS and self.heading is not None:
                head = '%*s%s\n' % (f._current_indent, '', _('%(heading)s:') % {'heading': self.heading})
            else:
                head = ''
            return f._join_parts(['\n', head, body, '\n'])

    def _add_item(self, func, args):
        self._current_section.items.append((func, args))

    def start_section(self, heading):
        self._indent()
        section = self._Section(self, self._current_section, heading)
        self._add_item(section.format_help, [])
        self._current_section = section

    def end_section(self):
        self._current_section = self._current_section.parent
        self._dedent()

    def add_text(self, text):
        if text is not SUPPRESS and text is not None:
            self._add_item(self._format_text, [text])

    def add_usage(self, usage, actions, groups, prefix=None):
        if usage is not SUPPRESS:
            self._add_item(self._format_usage, [usage, actions, groups, prefix])

    def add_argument(self, action):
        if action.help is SUPPRESS:
            return
        invocations = [self._format_action_invocation(action)]
        for sub in self._iter_indented_subactions(action):
            invocations.append(self._format_action_invocation(sub))
        width = max(len(s) for s in invocations) + self._current_indent
        self._action_max_length = max(self._action_max_length, width)
        self._add_item(self._format_action, [action])

    def add_arguments(self, actions):
        for action in actions:
            self.add_argument(action)

    def format_help(self):
        text = self._root_section.format_help()
        if text:
            text = self._long_break_matcher.sub('\n\n', text)
            text = text.strip('\n') + '\n'
        return text

    def _join_parts(self, part_strings):
        return ''.join([p for p in part_strings if p and p is not SUPPRESS])

    # -- usage --------------------------------------------------------------------------------
    def _format_usage(self, usage, actions, groups, prefix):
        if prefix is None:
            prefix = _('usage: ')
        if usage is not None:
            usage = usage % {'prog': self._prog}
        elif not actions:
            usage = '%(prog)s' % {'prog': self._prog}
        else:
            prog = '%(prog)s' % {'prog': self._prog}
            optionals = [a for a in actions if a.option_strings]
            positionals = [a for a in actions if not a.option_strings]
            usage = ' '.join([s for s in [prog, self._format_actions_usage(optionals + positionals, groups)] if s])
            room = self._width - self._current_indent
            if len(prefix) + len(usage) > room:
                opt_parts = self._get_actions_usage_parts(optionals, groups)
                pos_parts = self._get_actions_usage_parts(positionals, groups)

                def lay_out(parts, indent, lead=None):
                    lines = []
                    line = []
                    used = len(lead) - 1 if lead is not None else len(indent) - 1
                    for part in parts:
                        if used + 1 + len(part) > room and line:
                            lines.append(indent + ' '.join(line))
                            line = []
                            used = len(indent) - 1
                        line.append(part)
                        used += len(part) + 1
                    if line:
                        lines.append(indent + ' '.join(line))
                    if lead is not None:
                        lines[0] = lines[0][len(indent):]
                    return lines

                if len(prefix) + len(prog) <= 0.75 * room:
                    indent = ' ' * (len(prefix) + len(prog) + 1)
                    if opt_parts:
                        lines = lay_out([prog] + opt_parts, indent, prefix)
                        lines.extend(lay_out(pos_parts, indent))
                    elif pos_parts:
                        lines = lay_out([prog] + pos_parts, indent, prefix)
                    else:
                        lines = [prog]
                else:
                    indent = ' ' * len(prefix)
                    lines = lay_out(opt_parts + pos_parts, indent)
                    if len(lines) > 1:
                        lines = lay_out(opt_parts, indent) + lay_out(pos_parts, indent)
                    lines = [prog] + lines
                usage = '\n'.join(lines)
        return '%s%s\n\n' % (prefix, usage)

    def _format_actions_usage(self, actions, groups):
        return ' '.join(self._get_actions_usage_parts(actions, groups))

    def _get_actions_usage_parts(self, actions, groups):
        in_group = set()
        spans = {}
        for group in groups:
            if not group._group_actions:
                raise ValueError(f'empty group {group}')
            if all(a.help is SUPPRESS for a in group._group_actions):
                continue
            try:
                start = min(actions.index(a) for a in group._group_actions)
            except ValueError:
                continue
            end = start + len(group._group_actions)
            if set(actions[start:end]) == set(group._group_actions):
                in_group.update(group._group_actions)
                spans[start, end] = group
        parts = []
        for action in actions:
            if action.help is SUPPRESS:
                parts.append(None)
                continue
            if not action.option_strings:
                part = self._format_args(action, self._get_default_metavar_for_positional(action))
                if action in in_group and part[:1] == '[' and part[-1:] == ']':
                    part = part[1:-1]
            else:
                if action.nargs == 0:
                    part = action.format_usage()
                else:
                    part = '%s %s' % (action.option_strings[0],
                                      self._format_args(action, self._get_default_metavar_for_optional(action)))
                if not action.required and action not in in_group:
                    part = '[%s]' % part
            parts.append(part)
        separated = set()
        for start, end in sorted(spans, reverse=True):
            group = spans[start, end]
            members = [p for p in parts[start:end] if p is not None]
            size = len(members)
            if group.required:
                opener, closer = ('(', ')') if size > 1 else ('', '')
            else:
                opener, closer = '[', ']'
            members[0] = opener + members[0]
            members[-1] = members[-1] + closer
            for i, part in enumerate(members[:-1], start=start):
                if i not in separated:
                    parts[i] = part + ' |'
                    separated.add(i)
            parts[start + size - 1] = members[-1]
            for i in range(start + size, end):
                parts[i] = None
        return [p for p in parts if p is not None]

    # -- text and actions ------------------------------------------------------------------
    def _format_text(self, text):
        if '%(prog)' in text:
            text = text % {'prog': self._prog}
        width = max(self._width - self._current_indent, 11)
        indent = ' ' * self._current_indent
        return self._fill_text(text, width, indent) + '\n\n'

    def _format_action(self, action):
        help_position = min(self._action_max_length + 2, self._max_help_position)
        help_width = max(self._width - help_position, 11)
        action_width = help_position - self._current_indent - 2
        header = self._format_action_invocation(action)
        indent_first = 0
        if not action.help:
            header = '%*s%s\n' % (self._current_indent, '', header)
        elif len(header) <= action_width:
            header = '%*s%-*s  ' % (self._current_indent, '', action_width, header)
        else:
            header = '%*s%s\n' % (self._current_indent, '', header)
            indent_first = help_position
        parts = [header]
        if action.help and action.help.strip():
            text = self._expand_help(action)
            if text:
                lines = self._split_lines(text, help_width)
                parts.append('%*s%s\n' % (indent_first, '', lines[0]))
                for line in lines[1:]:
                    parts.append('%*s%s\n' % (help_position, '', line))
        elif not header.endswith('\n'):
            parts.append('\n')
        for sub in self._iter_indented_subactions(action):
            parts.append(self._format_action(sub))
        return self._join_parts(parts)

    def _format_action_invocation(self, action):
        if not action.option_strings:
            mv, = self._metavar_formatter(action, self._get_default_metavar_for_positional(action))(1)
            return mv
        if action.nargs == 0:
            return ', '.join(action.option_strings)
        args = self._format_args(action, self._get_default_metavar_for_optional(action))
        return ', '.join(action.option_strings) + ' ' + args

    def _metavar_formatter(self, action, default_metavar):
        if action.metavar is not None:
            result = action.metavar
        elif action.choices is not None:
            result = '{%s}' % ','.join(map(str, action.choices))
        else:
            result = default_metavar

        def format(tuple_size):
            return result if isinstance(result, tuple) else (result,) * tuple_size
        return format

    def _format_args(self, action, default_metavar):
        mv = self._metavar_formatter(action, default_metavar)
        n = action.nargs
        if n is None:
            return '%s' % mv(1)
        if n == OPTIONAL:
            return '[%s]' % mv(1)
        if n == ZERO_OR_MORE:
            m = mv(1)
            return '[%s [%s ...]]' % m if len(m) == 2 else '[%s ...]' % m
        if n == ONE_OR_MORE:
            return '%s [%s ...]' % mv(2)
        if n == REMAINDER:
            return '...'
        if n == PARSER:
            return '%s ...' % mv(1)
        if n == SUPPRESS:
            return ''
        try:
            formats = ['%s' for _ in range(n)]
        except TypeError:
            raise ValueError('invalid nargs value') from None
        return ' '.join(formats) % mv(n)

    def _expand_help(self, action):
        params = dict(vars(action), prog=self._prog)
        for name in list(params):
            if params[name] is SUPPRESS:
                del params[name]
        for name in list(params):
            if hasattr(params[name], '__name__'):
                params[name] = params[name].__name__
        if params.get('choices') is not None:
            params['choices'] = ', '.join([str(c) for c in params['choices']])
        return self._get_help_string(action) % params

    def _iter_indented_subactions(self, action):
        get = getattr(action, '_get_subactions', None)
        if get is None:
            return
        self._indent()
        yield from get()
        self._dedent()

    def _split_lines(self, text, width):
        import textwrap
        text = self._whitespace_matcher.sub(' ', text).strip()
        return textwrap.wrap(text, width)

    def _fill_text(self, text, width, indent):
        import textwrap
        text = self._whitespace_matcher.sub(' ', text).strip()
        return textwrap.fill(text, width, initial_indent=indent, subsequent_indent=indent)

    def _get_help_string(self, action):
        return action.help

    def _get_default_metavar_for_optional(self, action):
        return action.dest.upper()

    def _get_default_metavar_for_positional(self, action):
        return action.dest


class RawDescriptionHelpFormatter(HelpFormatter):
    """Keeps the description and epilog as written."""

    def _fill_text(self, text, width, indent):
        return ''.join(indent + line for line in text.splitlines(keepends=True))


class RawTextHelpFormatter(RawDescriptionHelpFormatter):
    """Keeps all help text as written."""

    def _split_lines(self, text, width):
        return text.splitlines()


class ArgumentDefaultsHelpFormatter(HelpFormatter):
    """Appends ' (default: ...)' to argument help."""

    def _get_help_string(self, action):
        help = action.help
        if help is None:
            help = ''
        if '%(default)' not in help and action.default is not SUPPRESS:
            if action.option_strings or action.nargs in (OPTIONAL, ZERO_OR_MORE):
                help += _(' (default: %(default)s)')
        return help


class MetavarTypeHelpFormatter(HelpFormatter):
    """Uses the type's name as the default metavar."""

    def _get_default_metavar_for_optional(self, action):
        return action.type.__name__

    def _get_default_metavar_for_positional(self, action):
        return action.type.__name__


# ---- containers ----------------------------------------------------------------------------------
class _ActionsContainer:
    def __init__(self, description, prefix_chars, argument_default, conflict_handler):
        self.description = description
        self.argument_default = argument_default
        self.prefix_chars = prefix_chars
        self.conflict_handler = conflict_handler
        self._registries = {}
        for name, cls in (('store', _StoreAction), ('store_const', _StoreConstAction),
                          ('store_true', _StoreTrueAction), ('store_false', _StoreFalseAction),
                          ('append', _AppendAction), ('append_const', _AppendConstAction),
                          ('count', _CountAction), ('help', _HelpAction), ('version', _VersionAction),
                          ('parsers', _SubParsersAction), ('extend', _ExtendAction)):
            self.register('action', name, cls)
        self.register('action', None, _StoreAction)
        self.register('type', None, lambda s: s)
        self._get_handler()
        self._actions = []
        self._option_string_actions = {}
        self._action_groups = []
        self._mutually_exclusive_groups = []
        self._defaults = {}
        self._negative_number_matcher = _re.compile(r'-\.?\d')
        self._has_negative_number_optionals = []

    def register(self, registry_name, value, object):
        self._registries.setdefault(registry_name, {})[value] = object

    def _registry_get(self, registry_name, value, default=None):
        return self._registries[registry_name].get(value, default)

    def set_defaults(self, **kwargs):
        self._defaults.update(kwargs)
        for action in self._actions:
            if action.dest in kwargs:
                action.default = kwargs[action.dest]

    def get_default(self, dest):
        for action in self._actions:
            if action.dest == dest and action.default is not None:
                return action.default
        return self._defaults.get(dest, None)

    def add_argument(self, *args, **kwargs):
        """add_argument(dest, ..., name=value, ...) or add_argument(option_string, option_string, ...)."""
        chars = self.prefix_chars
        if not args or len(args) == 1 and args[0][0] not in chars:
            if args and 'dest' in kwargs:
                raise TypeError('dest supplied twice for positional argument')
            kwargs = self._get_positional_kwargs(*args, **kwargs)
        else:
            kwargs = self._get_optional_kwargs(*args, **kwargs)
        if 'default' not in kwargs:
            dest = kwargs['dest']
            if dest in self._defaults:
                kwargs['default'] = self._defaults[dest]
            elif self.argument_default is not None:
                kwargs['default'] = self.argument_default
        action_class = self._pop_action_class(kwargs)
        if not callable(action_class):
            raise ValueError('unknown action "%s"' % (action_class,))
        action = action_class(**kwargs)
        type_func = self._registry_get('type', action.type, action.type)
        if not callable(type_func):
            raise ValueError('%r is not callable' % (type_func,))
        if type_func is FileType:
            raise ValueError('%r is a FileType class object, instance of it must be passed' % (type_func,))
        if hasattr(self, '_get_formatter'):
            try:
                self._get_formatter()._format_args(action, None)
            except TypeError:
                raise ValueError('length of metavar tuple does not match nargs')
        return self._add_action(action)

    def add_argument_group(self, *args, **kwargs):
        group = _ArgumentGroup(self, *args, **kwargs)
        self._action_groups.append(group)
        return group

    def add_mutually_exclusive_group(self, **kwargs):
        group = _MutuallyExclusiveGroup(self, **kwargs)
        self._mutually_exclusive_groups.append(group)
        return group

    def _add_action(self, action):
        self._check_conflict(action)
        self._actions.append(action)
        action.container = self
        for opt in action.option_strings:
            self._option_string_actions[opt] = action
        for opt in action.option_strings:
            if self._negative_number_matcher.match(opt):
                if not self._has_negative_number_optionals:
                    self._has_negative_number_optionals.append(True)
        return action

    def _remove_action(self, action):
        self._actions.remove(action)

    def _add_container_actions(self, container):
        title_group_map = {}
        for group in self._action_groups:
            if group.title in title_group_map:
                raise ValueError(_('cannot merge actions - two groups are named %r') % group.title)
            title_group_map[group.title] = group
        group_map = {}
        for group in container._action_groups:
            if group.title not in title_group_map:
                title_group_map[group.title] = self.add_argument_group(
                    title=group.title, description=group.description, conflict_handler=group.conflict_handler)
            for action in group._group_actions:
                group_map[action] = title_group_map[group.title]
        for group in container._mutually_exclusive_groups:
            if group._container is container:
                target = self
            else:
                target = title_group_map[group._container.title]
            mutex = target.add_mutually_exclusive_group(required=group.required)
            for action in group._group_actions:
                group_map[action] = mutex
        for action in container._actions:
            group_map.get(action, self)._add_action(action)

    def _get_positional_kwargs(self, dest, **kwargs):
        if 'required' in kwargs:
            raise TypeError("'required' is an invalid argument for positionals")
        if kwargs.get('nargs') not in [OPTIONAL, ZERO_OR_MORE, REMAINDER, SUPPRESS, 0]:
            kwargs['required'] = True
        return dict(kwargs, dest=dest, option_strings=[])

    def _get_optional_kwargs(self, *args, **kwargs):
        option_strings = []
        long_strings = []
        for opt in args:
            if not opt or opt[0] not in self.prefix_chars:
                raise ValueError(_('invalid option string %(option)r: must start with a character '
                                   '%(prefix_chars)r') % {'option': opt, 'prefix_chars': self.prefix_chars})
            option_strings.append(opt)
            if len(opt) > 1 and opt[1] in self.prefix_chars:
                long_strings.append(opt)
        dest = kwargs.pop('dest', None)
        if dest is None:
            source = long_strings[0] if long_strings else option_strings[0]
            dest = source.lstrip(self.prefix_chars)
            if not dest:
                raise TypeError(_('dest= is required for options like %r') % option_strings[0])
            dest = dest.replace('-', '_')
        return dict(kwargs, dest=dest, option_strings=option_strings)

    def _pop_action_class(self, kwargs, default=None):
        action = kwargs.pop('action', default)
        return self._registry_get('action', action, action)

    def _get_handler(self):
        name = '_handle_conflict_%s' % self.conflict_handler
        try:
            return getattr(self, name)
        except AttributeError:
            raise ValueError(_('invalid conflict_resolution value: %r') % self.conflict_handler) from None

    def _check_conflict(self, action):
        clashes = []
        for opt in action.option_strings:
            if opt in self._option_string_actions:
                clashes.append((opt, self._option_string_actions[opt]))
        if clashes:
            self._get_handler()(action, clashes)

    def _handle_conflict_error(self, action, conflicting_actions):
        message = ngettext('conflicting option string: %s', 'conflicting option strings: %s',
                           len(conflicting_actions))
        raise ArgumentError(action, message % ', '.join([opt for opt, _a in conflicting_actions]))

    def _handle_conflict_resolve(self, action, conflicting_actions):
        for opt, other in conflicting_actions:
            other.option_strings.remove(opt)
            self._option_string_actions.pop(opt, None)
            if not other.option_strings:
                other.container._remove_action(other)


class _ArgumentGroup(_ActionsContainer):
    def __init__(self, container, title=None, description=None, **kwargs):
        kwargs.setdefault('conflict_handler', container.conflict_handler)
        kwargs.setdefault('prefix_chars', container.prefix_chars)
        kwargs.setdefault('argument_default', container.argument_default)
        super().__init__(description=description, **kwargs)
        self.title = title
        self._group_actions = []
        self._registries = container._registries
        self._actions = container._actions
        self._option_string_actions = container._option_string_actions
        self._defaults = container._defaults
        self._has_negative_number_optionals = container._has_negative_number_optionals
        self._mutually_exclusive_groups = container._mutually_exclusive_groups

    def _add_action(self, action):
        action = super()._add_action(action)
        self._group_actions.append(action)
        return action

    def _remove_action(self, action):
        super()._remove_action(action)
        self._group_actions.remove(action)

    def add_argument_group(self, *args, **kwargs):
        raise ValueError('argument groups cannot be nested')


class _MutuallyExclusiveGroup(_ArgumentGroup):
    def __init__(self, container, required=False):
        super().__init__(container)
        self.required = required
        self._container = container

    def _add_action(self, action):
        if action.required:
            raise ValueError(_('mutually exclusive arguments must be optional'))
        action = self._container._add_action(action)
        self._group_actions.append(action)
        return action

    def _remove_action(self, action):
        self._container._remove_action(action)
        self._group_actions.remove(action)

    def add_mutually_exclusive_group(self, **kwargs):
        raise ValueError('mutually exclusive groups cannot be nested')


# ---- the parser ------------------------------------------------------------------------------
def _nargs_pattern(action):
    n = action.nargs
    if n is None:
        pat = '(-*A-*)'
    elif n == OPTIONAL:
        pat = '(-*A?-*)'
    elif n == ZERO_OR_MORE:
        pat = '(-*[A-]*)'
    elif n == ONE_OR_MORE:
        pat = '(-*A[A-]*)'
    elif n == REMAINDER:
        pat = '([AO]*)' if action.option_strings else '(.*)'
    elif n == PARSER:
        pat = '(-*A[-AO]*)'
    elif n == SUPPRESS:
        pat = '()' if action.option_strings else '(-*)'
    else:
        pat = '(-*%s-*)' % '-*'.join('A' * n)
    if action.option_strings:
        pat = pat.replace('-*', '').replace('-', '')
    return pat


class ArgumentParser(_AttributeHolder, _ActionsContainer):
    """Turns command-line strings into a Namespace."""

    def __init__(self, prog=None, usage=None, description=None, epilog=None, parents=[],
                 formatter_class=HelpFormatter, prefix_chars='-', fromfile_prefix_chars=None,
                 argument_default=None, conflict_handler='error', add_help=True, allow_abbrev=True,
                 exit_on_error=True, *, suggest_on_error=False, color=False):
        super().__init__(description=description, prefix_chars=prefix_chars, argument_default=argument_default,
                         conflict_handler=conflict_handler)
        if prog is None:
            prog = _os.path.basename(_sys.argv[0]) if _sys.argv and _sys.argv[0] else 'python3'
        self.prog = prog
        self.usage = usage
        self.epilog = epilog
        self.formatter_class = formatter_class
        self.fromfile_prefix_chars = fromfile_prefix_chars
        self.add_help = add_help
        self.allow_abbrev = allow_abbrev
        self.exit_on_error = exit_on_error
        self.suggest_on_error = suggest_on_error
        self.color = color
        self._positionals = self.add_argument_group(_('positional arguments'))
        self._optionals = self.add_argument_group(_('options'))
        self._subparsers = None

        def identity(string):
            return string
        self.register('type', None, identity)
        default_prefix = '-' if '-' in prefix_chars else prefix_chars[0]
        if self.add_help:
            self.add_argument(default_prefix + 'h', default_prefix * 2 + 'help', action='help', default=SUPPRESS,
                              help=_('show this help message and exit'))
        for parent in parents:
            if not isinstance(parent, ArgumentParser):
                raise TypeError('parents must be a list of ArgumentParser')
            self._add_container_actions(parent)
            self._defaults.update(parent._defaults)

    def _get_kwargs(self):
        names = ['prog', 'usage', 'description', 'formatter_class', 'conflict_handler', 'add_help']
        return [(name, getattr(self, name)) for name in names]

    def add_subparsers(self, **kwargs):
        if self._subparsers is not None:
            raise ValueError(_('cannot have multiple subparser arguments'))
        kwargs.setdefault('parser_class', type(self))
        if 'title' in kwargs or 'description' in kwargs:
            title = kwargs.pop('title', _('subcommands'))
            description = kwargs.pop('description', None)
            self._subparsers = self.add_argument_group(title, description)
        else:
            self._subparsers = self._positionals
        if kwargs.get('prog') is None:
            formatter = self._get_formatter()
            formatter.add_usage(self.usage, self._get_positional_actions(), self._mutually_exclusive_groups, '')
            kwargs['prog'] = formatter.format_help().strip()
        cls = self._pop_action_class(kwargs, 'parsers')
        action = cls(option_strings=[], **kwargs)
        self._subparsers._add_action(action)
        return action

    def _add_action(self, action):
        if action.option_strings:
            self._optionals._add_action(action)
        else:
            self._positionals._add_action(action)
        return action

    def _get_optional_actions(self):
        return [a for a in self._actions if a.option_strings]

    def _get_positional_actions(self):
        return [a for a in self._actions if not a.option_strings]

    # -- parsing ------------------------------------------------------------------------------
    def parse_args(self, args=None, namespace=None):
        args, argv = self.parse_known_args(args, namespace)
        if argv:
            msg = _('unrecognized arguments: %s') % ' '.join(argv)
            if self.exit_on_error:
                self.error(msg)
            raise ArgumentError(None, msg)
        return args

    def parse_known_args(self, args=None, namespace=None):
        return self._parse_known_args2(args, namespace, intermixed=False)

    def _parse_known_args2(self, args, namespace, intermixed):
        if args is None:
            args = _sys.argv[1:]
        else:
            args = list(args)
        if namespace is None:
            namespace = Namespace()
        for action in self._actions:
            if action.dest is not SUPPRESS and not hasattr(namespace, action.dest) and \
                    action.default is not SUPPRESS:
                setattr(namespace, action.dest, action.default)
        for dest, value in self._defaults.items():
            if not hasattr(namespace, dest):
                setattr(namespace, dest, value)
        if self.exit_on_error:
            try:
                namespace, args = self._parse_known_args(args, namespace, intermixed)
            except ArgumentError as err:
                self.error(str(err))
        else:
            namespace, args = self._parse_known_args(args, namespace, intermixed)
        if hasattr(namespace, _UNRECOGNIZED_ARGS_ATTR):
            args.extend(getattr(namespace, _UNRECOGNIZED_ARGS_ATTR))
            delattr(namespace, _UNRECOGNIZED_ARGS_ATTR)
        return namespace, args

    def parse_intermixed_args(self, args=None, namespace=None):
        args, argv = self.parse_known_intermixed_args(args, namespace)
        if argv:
            msg = _('unrecognized arguments: %s') % ' '.join(argv)
            if self.exit_on_error:
                self.error(msg)
            raise ArgumentError(None, msg)
        return args

    def parse_known_intermixed_args(self, args=None, namespace=None):
        if [a for a in self._get_positional_actions() if a.nargs in [PARSER, REMAINDER]]:
            raise TypeError('parse_intermixed_args: positional arg with nargs=%s' % PARSER)
        return self._parse_known_args2(args, namespace, intermixed=True)

    def _read_args_from_files(self, arg_strings):
        out = []
        for arg in arg_strings:
            if not arg or arg[0] not in self.fromfile_prefix_chars:
                out.append(arg)
                continue
            try:
                with open(arg[1:], encoding=_sys.getfilesystemencoding() if hasattr(_sys, 'getfilesystemencoding')
                          else 'utf-8') as f:
                    lines = []
                    for line in f.read().splitlines():
                        lines.extend(self.convert_arg_line_to_args(line))
                    out.extend(self._read_args_from_files(lines))
            except OSError as err:
                raise ArgumentError(None, str(err))
        return out

    def convert_arg_line_to_args(self, arg_line):
        return [arg_line]

    def _parse_known_args(self, arg_strings, namespace, intermixed):
        if self.fromfile_prefix_chars is not None:
            arg_strings = self._read_args_from_files(arg_strings)
        conflicts = {}
        for group in self._mutually_exclusive_groups:
            members = group._group_actions
            for i, a in enumerate(members):
                c = conflicts.setdefault(a, [])
                c.extend(members[:i])
                c.extend(members[i + 1:])
        option_at = {}
        pattern_parts = []
        it = iter(arg_strings)
        for i, arg in enumerate(it):
            if arg == '--':
                pattern_parts.append('-')
                for _rest in it:
                    pattern_parts.append('A')
            else:
                tuples = self._parse_optional(arg)
                if tuples is None:
                    pattern_parts.append('A')
                else:
                    option_at[i] = tuples
                    pattern_parts.append('O')
        pattern = ''.join(pattern_parts)

        seen = set()
        seen_non_default = set()
        warned = set()

        def take_action(action, argument_strings, option_string=None):
            seen.add(action)
            values = self._get_values(action, argument_strings)
            if values is not action.default:
                seen_non_default.add(action)
                for other in conflicts.get(action, []):
                    if other in seen_non_default:
                        raise ArgumentError(action, _('not allowed with argument %s') % _action_name(other))
            if values is not SUPPRESS:
                action(self, namespace, values, option_string)

        def consume_optional(start):
            tuples = option_at[start]
            if len(tuples) > 1:
                options = ', '.join([t[1] for t in tuples])
                raise ArgumentError(None, _('ambiguous option: %(option)s could match %(matches)s') %
                                    {'option': arg_strings[start], 'matches': options})
            action, option_string, sep, explicit_arg = tuples[0]
            match_argument = self._match_argument
            todo = []
            while True:
                if action is None:
                    extras.append(arg_strings[start])
                    extras_pattern.append('O')
                    return start + 1
                if explicit_arg is not None:
                    count = match_argument(action, 'A')
                    chars = self.prefix_chars
                    if count == 0 and option_string[1] not in chars and explicit_arg != '':
                        if sep or explicit_arg[0] in chars:
                            raise ArgumentError(action, _('ignored explicit argument %r') % explicit_arg)
                        todo.append((action, [], option_string))
                        char = option_string[0]
                        option_string = char + explicit_arg[0]
                        if option_string in self._option_string_actions:
                            action = self._option_string_actions[option_string]
                            explicit_arg = explicit_arg[1:]
                            if not explicit_arg:
                                sep = explicit_arg = None
                            elif explicit_arg[0] == '=':
                                sep = '='
                                explicit_arg = explicit_arg[1:]
                            else:
                                sep = ''
                        else:
                            extras.append(char + explicit_arg)
                            extras_pattern.append('O')
                            stop = start + 1
                            break
                    elif count == 1:
                        stop = start + 1
                        todo.append((action, [explicit_arg], option_string))
                        break
                    else:
                        raise ArgumentError(action, _('ignored explicit argument %r') % explicit_arg)
                else:
                    first = start + 1
                    count = match_argument(action, pattern[first:])
                    stop = first + count
                    todo.append((action, arg_strings[first:stop], option_string))
                    break
            for action, args, opt in todo:
                if action.deprecated and opt not in warned:
                    self._warning(_("option '%(option)s' is deprecated") % {'option': opt})
                    warned.add(opt)
                take_action(action, args, opt)
            return stop

        positionals = self._get_positional_actions()

        def consume_positionals(start):
            counts = self._match_arguments_partial(positionals, pattern[start:])
            for action, count in zip(positionals, counts):
                args = arg_strings[start:start + count]
                if action.nargs == PARSER:
                    if pattern[start] == '-':
                        args.remove('--')
                elif action.nargs != REMAINDER:
                    if pattern.find('-', start, start + count) >= 0:
                        args.remove('--')
                start += count
                if args and action.deprecated and action.dest not in warned:
                    self._warning(_("argument '%(argument_name)s' is deprecated") %
                                  {'argument_name': action.dest})
                    warned.add(action.dest)
                take_action(action, args)
            positionals[:] = positionals[len(counts):]
            return start

        extras = []
        extras_pattern = []
        start = 0
        last_option = max(option_at) if option_at else -1
        while start <= last_option:
            nxt = start
            while nxt <= last_option and nxt not in option_at:
                nxt += 1
            if not intermixed and start != nxt:
                end = consume_positionals(start)
                if end > start:
                    start = end
                    continue
                start = end
            if start not in option_at:
                extras.extend(arg_strings[start:nxt])
                extras_pattern.extend(pattern[start:nxt])
                start = nxt
            start = consume_optional(start)

        if not intermixed:
            stop = consume_positionals(start)
            extras.extend(arg_strings[stop:])
        else:
            extras.extend(arg_strings[start:])
            extras_pattern.extend(pattern[start:])
            extras_pattern = ''.join(extras_pattern)
            assert len(extras_pattern) == len(extras)
            strings = [s for s, c in zip(extras, extras_pattern) if c != 'O']
            strings_pattern = extras_pattern.replace('O', '')
            stop = 0
            if positionals:
                pattern = strings_pattern
                arg_strings = strings
                stop = consume_positionals(0)
            extras = [s for s, c in zip(extras, extras_pattern) if c == 'O'] + strings[stop:]

        missing = []
        for action in self._actions:
            if action in seen:
                continue
            if action.required:
                missing.append(_action_name(action))
            elif (action.default is not None and isinstance(action.default, str) and
                  hasattr(namespace, action.dest) and action.default is getattr(namespace, action.dest)):
                setattr(namespace, action.dest, self._get_value(action, action.default))
        if missing:
            raise ArgumentError(None, _('the following arguments are required: %s') % ', '.join(missing))
        for group in self._mutually_exclusive_groups:
            if group.required:
                if not any(a in seen_non_default for a in group._group_actions):
                    names = [_action_name(a) for a in group._group_actions if a.help is not SUPPRESS]
                    raise ArgumentError(None, _('one of the arguments %s is required') % ' '.join(names))
        return namespace, extras

    def _match_argument(self, action, arg_strings_pattern):
        m = _re.match(_nargs_pattern(action), arg_strings_pattern)
        if m is None:
            n = action.nargs
            if n is None:
                msg = _('expected one argument')
            elif n == OPTIONAL:
                msg = _('expected at most one argument')
            elif n == ONE_OR_MORE:
                msg = _('expected at least one argument')
            else:
                msg = ngettext('expected %s argument', 'expected %s arguments', n) % n
            raise ArgumentError(action, msg)
        return len(m.group(1))

    def _match_arguments_partial(self, actions, arg_strings_pattern):
        for i in range(len(actions), 0, -1):
            pat = ''.join([_nargs_pattern(a) for a in actions[:i]])
            m = _re.match(pat, arg_strings_pattern)
            if m is not None:
                counts = [len(s) for s in m.groups()]
                if m.end() < len(arg_strings_pattern) and arg_strings_pattern[m.end()] == 'O':
                    while counts and not counts[-1]:
                        del counts[-1]
                return counts
        return []

    def _parse_optional(self, arg_string):
        if not arg_string or arg_string[0] not in self.prefix_chars:
            return None
        if arg_string in self._option_string_actions:
            return [(self._option_string_actions[arg_string], arg_string, None, None)]
        if len(arg_string) == 1:
            return None
        option_string, sep, explicit_arg = arg_string.partition('=')
        if sep and option_string in self._option_string_actions:
            return [(self._option_string_actions[option_string], option_string, sep, explicit_arg)]
        found = self._get_option_tuples(arg_string)
        if found:
            return found
        if self._negative_number_matcher.match(arg_string) and not self._has_negative_number_optionals:
            return None
        if ' ' in arg_string:
            return None
        return [(None, arg_string, None, None)]

    def _get_option_tuples(self, option_string):
        out = []
        chars = self.prefix_chars
        if option_string[0] in chars and option_string[1] in chars:
            if self.allow_abbrev:
                prefix, sep, explicit_arg = option_string.partition('=')
                if not sep:
                    sep = explicit_arg = None
                for opt, action in self._option_string_actions.items():
                    if opt.startswith(prefix):
                        out.append((action, opt, sep, explicit_arg))
        elif option_string[0] in chars and option_string[1] not in chars:
            prefix, sep, explicit_arg = option_string.partition('=')
            if not sep:
                sep = explicit_arg = None
            short = option_string[:2]
            short_arg = option_string[2:]
            for opt, action in self._option_string_actions.items():
                if opt == short:
                    out.append((action, opt, '', short_arg))
                elif self.allow_abbrev and opt.startswith(prefix):
                    out.append((action, opt, sep, explicit_arg))
        else:
            raise ArgumentError(None, _('unexpected option string: %s') % option_string)
        return out

    def _get_values(self, action, arg_strings):
        n = action.nargs
        if not arg_strings and n == OPTIONAL:
            value = action.const if action.option_strings else action.default
            if isinstance(value, str) and value is not SUPPRESS:
                value = self._get_value(action, value)
        elif not arg_strings and n == ZERO_OR_MORE and not action.option_strings:
            value = action.default if action.default is not None else []
        elif len(arg_strings) == 1 and n in (None, OPTIONAL):
            value = self._get_value(action, arg_strings[0])
            self._check_value(action, value)
        elif n == REMAINDER:
            value = [self._get_value(action, v) for v in arg_strings]
        elif n == PARSER:
            value = [self._get_value(action, v) for v in arg_strings]
            self._check_value(action, value[0])
        elif n == SUPPRESS:
            value = SUPPRESS
        else:
            value = [self._get_value(action, v) for v in arg_strings]
            for v in value:
                self._check_value(action, v)
        return value

    def _get_value(self, action, arg_string):
        type_func = self._registry_get('type', action.type, action.type)
        if not callable(type_func):
            raise ArgumentError(action, _('%r is not callable') % (type_func,))
        try:
            return type_func(arg_string)
        except ArgumentTypeError as err:
            raise ArgumentError(action, str(err))
        except (TypeError, ValueError):
            name = getattr(action.type, '__name__', repr(action.type))
            raise ArgumentError(action, _('invalid %(type)s value: %(value)r') % {'type': name, 'value': arg_string})

    def _check_value(self, action, value):
        choices = action.choices
        if choices is None:
            return
        if isinstance(choices, str):
            choices = iter(choices)
        if value not in choices:
            raise ArgumentError(action, _('invalid choice: %(value)r (choose from %(choices)s)') % {
                'value': str(value), 'choices': ', '.join(map(str, action.choices))})

    # -- help and errors ----------------------------------------------------------------------
    def format_usage(self):
        formatter = self._get_formatter()
        formatter.add_usage(self.usage, self._actions, self._mutually_exclusive_groups)
        return formatter.format_help()

    def format_help(self):
        formatter = self._get_formatter()
        formatter.add_usage(self.usage, self._actions, self._mutually_exclusive_groups)
        formatter.add_text(self.description)
        for group in self._action_groups:
            formatter.start_section(group.title)
            formatter.add_text(group.description)
            formatter.add_arguments(group._group_actions)
            formatter.end_section()
        formatter.add_text(self.epilog)
        return formatter.format_help()

    def _get_formatter(self):
        return self.formatter_class(prog=self.prog)

    def print_usage(self, file=None):
        if file is None:
            file = _sys.stdout
        self._print_message(self.format_usage(), file)

    def print_help(self, file=None):
        if file is None:
            file = _sys.stdout
        self._print_message(self.format_help(), file)

    def _print_message(self, message, file=None):
        if message:
            file = file or _sys.stderr
            try:
                file.write(message)
            except (AttributeError, OSError):
                pass

    def exit(self, status=0, message=None):
        if message:
            self._print_message(message, _sys.stderr)
        _sys.exit(status)

    def error(self, message):
        """Print usage and 'prog: error: message' to stderr, then exit with status 2."""
        self.print_usage(_sys.stderr)
        self.exit(2, _('%(prog)s: error: %(message)s\n') % {'prog': self.prog, 'message': message})

    def _warning(self, message):
        self._print_message(_('%(prog)s: warning: %(message)s\n') % {'prog': self.prog, 'message': message},
                            _sys.stderr)
