"""argparse for Sandkiste.

Turns a list of command-line words into a Namespace and writes usage/help
text, matching the observable behaviour of CPython 3.13 (messages, help
layout, how words are matched to arguments) and taking 3.14's side where
the two differ.  No colour: output is never a terminal.
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

# Extra words a sub-parser could not use ride back to the caller under this name.
_LEFTOVER = '_unrecognized_args'


def _fs_encoding():
    ask = getattr(_sys, 'getfilesystemencoding', None)
    return ask() if ask is not None else 'utf-8'


def _plural(n, one, many):
    return one if n == 1 else many


class _Reprable:
    """Gives Name(a=1, b=2) style repr from _get_kwargs()/_get_args()."""

    def __repr__(self):
        shown = [repr(v) for v in self._get_args()]
        odd = {}
        for key, val in self._get_kwargs():
            if key.isidentifier():
                shown.append('%s=%r' % (key, val))
            else:
                odd[key] = val
        if odd:
            shown.append('**' + repr(odd))
        return type(self).__name__ + '(' + ', '.join(shown) + ')'

    def _get_kwargs(self):
        return [*vars(self).items()]

    def _get_args(self):
        return []


def _describe(action):
    """How error messages name an action."""
    if action is None:
        return None
    if action.option_strings:
        return '/'.join(action.option_strings)
    mv = action.metavar
    if mv is not None and mv is not SUPPRESS:
        if not isinstance(mv, tuple):
            return mv
        if action.nargs == ZERO_OR_MORE and len(mv) == 2:
            return '%s[, %s]' % mv
        if action.nargs == ONE_OR_MORE:
            return '%s[, %s...]' % mv
        return ', '.join(mv)
    if action.dest is not None and action.dest is not SUPPRESS:
        return action.dest
    if action.choices:
        return '{%s}' % ','.join(action.choices)
    return None


class ArgumentError(Exception):
    """A problem with one argument (or with the command line as a whole)."""

    def __init__(self, argument, message):
        self.argument_name = _describe(argument)
        self.message = message

    def __str__(self):
        who = self.argument_name
        return self.message if who is None else 'argument %s: %s' % (who, self.message)


class ArgumentTypeError(Exception):
    """Raise from a type= converter; the text becomes the error message."""


class Namespace(_Reprable):
    """Plain attribute bag returned by parse_args()."""

    def __init__(self, **attrs):
        vars(self).update(attrs)

    def __eq__(self, other):
        same_kind = isinstance(other, Namespace)
        return vars(self) == vars(other) if same_kind else NotImplemented

    def __contains__(self, key):
        return key in vars(self)

    __hash__ = None


# ---- actions -------------------------------------------------------------------------------

_ACTION_FIELDS = ('option_strings', 'dest', 'nargs', 'const', 'default', 'type', 'choices', 'required',
                  'help', 'metavar', 'deprecated')


class Action(_Reprable):
    """Base for everything add_argument() creates."""

    def __init__(self, option_strings, dest, nargs=None, const=None, default=None, type=None,
                 choices=None, required=False, help=None, metavar=None, deprecated=False):
        given = (option_strings, dest, nargs, const, default, type, choices, required, help, metavar,
                 deprecated)
        for field, value in zip(_ACTION_FIELDS, given):
            setattr(self, field, value)

    def _get_kwargs(self):
        return [(f, getattr(self, f)) for f in _ACTION_FIELDS]

    def format_usage(self):
        return self.option_strings[0]

    def __call__(self, parser, namespace, values, option_string=None):
        raise NotImplementedError('.__call__() not defined')


def _grown_copy(old):
    # list actions must not mutate a default list shared between parses
    if old is None:
        return []
    if type(old) is list:
        return list(old)
    import copy
    return copy.copy(old)


class _Valued(Action):
    """Actions whose value comes from the command-line words."""
    _no_zero = ''

    def __init__(self, option_strings, dest, nargs=None, const=None, default=None, type=None,
                 choices=None, required=False, help=None, metavar=None, deprecated=False):
        if nargs == 0:
            raise ValueError(self._no_zero)
        if nargs != OPTIONAL and const is not None:
            raise ValueError('nargs must be %r to supply const' % OPTIONAL)
        Action.__init__(self, option_strings, dest, nargs, const, default, type, choices, required,
                        help, metavar, deprecated)


class _NoValue(Action):
    """Actions that consume no words (flags)."""

    def __init__(self, option_strings, dest, const=None, default=None, required=False, help=None,
                 metavar=None, deprecated=False):
        Action.__init__(self, option_strings, dest, 0, const, default, required=required, help=help,
                        metavar=metavar, deprecated=deprecated)


def _accumulate(ns, dest, change):
    bag = _grown_copy(getattr(ns, dest, None))
    change(bag)
    setattr(ns, dest, bag)


class _StoreAction(_Valued):
    _no_zero = ('nargs for store actions must be != 0; if you have nothing to store, '
                'actions such as store true or store const may be more appropriate')

    def __call__(self, parser, ns, values, opt=None):
        setattr(ns, self.dest, values)


class _StoreConstAction(_NoValue):
    def __call__(self, parser, ns, values, opt=None):
        setattr(ns, self.dest, self.const)


class _StoreTrueAction(_StoreConstAction):
    def __init__(self, option_strings, dest, default=False, required=False, help=None, deprecated=False):
        _NoValue.__init__(self, option_strings, dest, True, default, required, help, deprecated=deprecated)


class _StoreFalseAction(_StoreConstAction):
    def __init__(self, option_strings, dest, default=True, required=False, help=None, deprecated=False):
        _NoValue.__init__(self, option_strings, dest, False, default, required, help, deprecated=deprecated)


class _AppendAction(_Valued):
    _no_zero = ('nargs for append actions must be != 0; if arg strings are not supplying '
                'the value to append, the append const action may be more appropriate')

    def __call__(self, parser, ns, values, opt=None):
        _accumulate(ns, self.dest, lambda bag: bag.append(values))


class _ExtendAction(_AppendAction):
    def __call__(self, parser, ns, values, opt=None):
        _accumulate(ns, self.dest, lambda bag: bag.extend(values))


class _AppendConstAction(_NoValue):
    def __call__(self, parser, ns, values, opt=None):
        _accumulate(ns, self.dest, lambda bag: bag.append(self.const))


class _CountAction(_NoValue):
    def __init__(self, option_strings, dest, default=None, required=False, help=None, deprecated=False):
        _NoValue.__init__(self, option_strings, dest, None, default, required, help, deprecated=deprecated)

    def __call__(self, parser, ns, values, opt=None):
        so_far = getattr(ns, self.dest, None)
        setattr(ns, self.dest, 1 if so_far is None else so_far + 1)


class _HelpAction(_NoValue):
    def __init__(self, option_strings, dest=SUPPRESS, default=SUPPRESS, help=None, deprecated=False):
        _NoValue.__init__(self, option_strings, dest, default=default, help=help, deprecated=deprecated)

    def __call__(self, parser, ns, values, opt=None):
        parser.print_help()
        parser.exit()


class _VersionAction(_NoValue):
    def __init__(self, option_strings, version=None, dest=SUPPRESS, default=SUPPRESS,
                 help="show program's version number and exit", deprecated=False):
        _NoValue.__init__(self, option_strings, dest, default=default, help=help, deprecated=deprecated)
        self.version = version

    def __call__(self, parser, ns, values, opt=None):
        text = self.version
        if text is None:
            text = parser.version
        fmt = parser._get_formatter()
        fmt.add_text(text)
        parser._emit(fmt.format_help(), _sys.stdout)
        parser.exit()


class BooleanOptionalAction(Action):
    """--flag / --no-flag pair storing True / False."""

    def __init__(self, option_strings, dest, default=None, required=False, help=None, deprecated=False):
        names = []
        for opt in option_strings:
            names.append(opt)
            if opt.startswith('--'):
                names.append('--no-' + opt[2:])
        Action.__init__(self, names, dest, 0, default=default, required=required, help=help,
                        deprecated=deprecated)

    def __call__(self, parser, ns, values, opt=None):
        if opt in self.option_strings:
            setattr(ns, self.dest, not opt.startswith('--no-'))

    def format_usage(self):
        return ' | '.join(self.option_strings)


class _SubParsersAction(Action):
    """The positional that picks a sub-command and hands the rest to its parser."""

    class _Listing(Action):
        # stands for one sub-command in the help output
        def __init__(self, command, also, text):
            shown = '%s (%s)' % (command, ', '.join(also)) if also else command
            Action.__init__(self, [], command, help=text, metavar=shown)

    def __init__(self, option_strings, prog, parser_class, dest=SUPPRESS, required=False, help=None,
                 metavar=None):
        self._base_prog = prog
        self._maker = parser_class
        self._by_name = {}
        self._listed = []
        self._deprecated = set()
        Action.__init__(self, option_strings, dest, PARSER, choices=self._by_name,
                        required=required, help=help, metavar=metavar)

    def add_parser(self, name, *, deprecated=False, **kwargs):
        aliases = tuple(kwargs.pop('aliases', ()))
        if kwargs.setdefault('prog', None) is None:
            kwargs['prog'] = '%s %s' % (self._base_prog, name)
        table = self._by_name
        if name in table:
            raise ValueError('conflicting subparser: %s' % name)
        for alias in aliases:
            if alias in table:
                raise ValueError('conflicting subparser alias: %s' % alias)
        if 'help' in kwargs:
            self._listed.append(self._Listing(name, aliases, kwargs.pop('help')))
        sub = self._maker(**kwargs)
        for key in (name,) + aliases:
            table[key] = sub
            if deprecated:
                self._deprecated.add(key)
        return sub

    def _get_subactions(self):
        return self._listed

    def __call__(self, parser, ns, values, opt=None):
        chosen, rest = values[0], values[1:]
        if self.dest != SUPPRESS:
            setattr(ns, self.dest, chosen)
        if chosen not in self._by_name:
            known = ', '.join(self._by_name)
            raise ArgumentError(self, 'unknown parser %r (choices: %s)' % (chosen, known))
        if chosen in self._deprecated:
            parser._warn("command '%s' is deprecated" % chosen)
        sub_ns, rest = self._by_name[chosen].parse_known_args(rest, None)
        for key, val in vars(sub_ns).items():
            setattr(ns, key, val)
        if rest:
            vars(ns).setdefault(_LEFTOVER, []).extend(rest)


class FileType:
    """type= factory that opens the named file ('-' means stdin/stdout)."""

    def __init__(self, mode='r', bufsize=-1, encoding=None, errors=None):
        self._mode = mode
        self._bufsize = bufsize
        self._encoding = encoding
        self._errors = errors

    def __call__(self, string):
        binary = 'b' in self._mode
        if string == '-':
            if 'r' in self._mode:
                return _sys.stdin.buffer if binary else _sys.stdin
            if any(c in self._mode for c in 'wax'):
                return _sys.stdout.buffer if binary else _sys.stdout
            raise ValueError('argument "-" with mode %r' % self._mode)
        try:
            return open(string, self._mode, self._bufsize, self._encoding, self._errors)
        except OSError as exc:
            raise ArgumentTypeError("can't open '%s': %s" % (string, exc))

    def __repr__(self):
        bits = [repr(self._mode)]
        if self._bufsize != -1:
            bits.append(repr(self._bufsize))
        if self._encoding is not None:
            bits.append('encoding=%r' % (self._encoding,))
        if self._errors is not None:
            bits.append('errors=%r' % (self._errors,))
        return 'FileType(%s)' % ', '.join(bits)


# ---- help formatting -----------------------------------------------------------------------

class HelpFormatter:
    """Collects usage, text and argument entries, then lays them out."""

    def __init__(self, prog, indent_increment=2, max_help_position=24, width=None):
        if width is None:
            import shutil
            width = shutil.get_terminal_size().columns - 2
        self._prog, self._width, self._step = prog, width, indent_increment
        self._max_help_position = min(max_help_position, max(width - 20, 2 * indent_increment))
        self._current_indent = self._level = self._widest_entry = 0
        # a section is [heading, parent, entries]; entries are (callable, args)
        self._root = [None, None, []]
        self._open = self._root

    # indentation
    def _indent(self):
        self._current_indent += self._step
        self._level += 1

    def _dedent(self):
        self._current_indent -= self._step
        self._level -= 1

    # building
    def start_section(self, heading):
        self._indent()
        sec = [heading, self._open, []]
        self._open[2].append((self._render_section, (sec,)))
        self._open = sec

    def end_section(self):
        self._open = self._open[1]
        self._dedent()

    def add_text(self, text):
        if text is not None and text is not SUPPRESS:
            self._open[2].append((self._text_block, (text,)))

    def add_usage(self, usage, actions, groups, prefix=None):
        if usage is not SUPPRESS:
            self._open[2].append((self._format_usage, (usage, actions, groups, prefix)))

    def add_argument(self, action):
        if _hidden(action):
            return
        widest = len(self._format_action_invocation(action)) + self._current_indent
        for sub in self._nested_entries(action):
            widest = max(widest, len(self._format_action_invocation(sub)) + self._current_indent)
        self._widest_entry = max(self._widest_entry, widest)
        self._open[2].append((self._format_action, (action,)))

    def add_arguments(self, actions):
        for a in actions:
            self.add_argument(a)

    # output
    def format_help(self):
        out = self._render_section(self._root)
        out = _re.sub(r'\n{3,}', '\n\n', out).strip('\n')
        return out + '\n' if out else out

    def _render_section(self, sec):
        heading, parent, entries = sec
        if parent is not None:
            self._indent()
        body = self._glue_parts([fn(*args) for fn, args in entries])
        if parent is not None:
            self._dedent()
        if not body:
            return ''
        head = ''
        if heading is not None and heading is not SUPPRESS:
            head = ' ' * self._current_indent + heading + ':\n'
        return self._glue_parts(['\n', head, body, '\n'])

    def _glue_parts(self, part_strings):
        return ''.join(p for p in part_strings if p and p is not SUPPRESS)

    def _text_block(self, text):
        if '%(prog)' in text:
            text = text % {'prog': self._prog}
        room = max(self._width - self._current_indent, 11)
        return self._fill_text(text, room, ' ' * self._current_indent) + '\n\n'

    # usage
    def _format_usage(self, usage, actions, groups, prefix):
        if prefix is None:
            prefix = 'usage: '
        prog = '%(prog)s' % {'prog': self._prog}
        if usage is not None:
            return prefix + usage % {'prog': self._prog} + '\n\n'
        if not actions:
            return prefix + prog + '\n\n'
        opts = [a for a in actions if a.option_strings]
        poss = [a for a in actions if not a.option_strings]
        flat = ' '.join(self._usage_words(opts + poss, groups))
        one_line = prog + ' ' + flat if flat else prog
        room = self._width - self._current_indent
        if len(prefix) + len(one_line) <= room:
            return prefix + one_line + '\n\n'
        opt_words = self._usage_words(opts, groups)
        pos_words = self._usage_words(poss, groups)
        if len(prefix) + len(prog) <= 0.75 * room:
            pad = ' ' * (len(prefix) + len(prog) + 1)
            if opt_words:
                rows = _pack([prog] + opt_words, pad, room, len(prefix))
                rows += _pack(pos_words, pad, room)
            elif pos_words:
                rows = _pack([prog] + pos_words, pad, room, len(prefix))
            else:
                rows = [prog]
        else:
            pad = ' ' * len(prefix)
            rows = _pack(opt_words + pos_words, pad, room)
            if len(rows) > 1:
                rows = _pack(opt_words, pad, room) + _pack(pos_words, pad, room)
            rows = [prog] + rows
        return prefix + '\n'.join(rows) + '\n\n'

    def _usage_words(self, actions, groups):
        # mutually exclusive groups whose actions sit next to each other in order
        spans = []
        grouped = set()
        for grp in groups:
            members = grp._group_actions
            if not members:
                raise ValueError('empty group %s' % (grp,))
            if all(_hidden(m) for m in members):
                continue
            if members[0] not in actions:
                continue
            lo = actions.index(members[0])
            hi = lo + len(members)
            if actions[lo:hi] == members:
                grouped.update(members)
                spans.append((lo, hi, grp))
        words = [self._usage_word(a, a in grouped) for a in actions]
        piped = set()
        for lo, hi, grp in sorted(spans, key=lambda s: (s[0], s[1]), reverse=True):
            inner = [w for w in words[lo:hi] if w is not None]
            if grp.required:
                left, right = ('(', ')') if len(inner) > 1 else ('', '')
            else:
                left, right = '[', ']'
            inner[0] = left + inner[0]
            inner[-1] = inner[-1] + right
            for k, w in enumerate(inner[:-1]):
                if lo + k not in piped:
                    words[lo + k] = w + ' |'
                    piped.add(lo + k)
            words[lo + len(inner) - 1] = inner[-1]
            for k in range(lo + len(inner), hi):
                words[k] = None
        return [w for w in words if w is not None]

    def _usage_word(self, action, in_group):
        if _hidden(action):
            return None
        if _positional(action):
            word = self._format_args(action, self._get_default_metavar_for_positional(action))
            if in_group and word[:1] == '[' and word[-1:] == ']':
                word = word[1:-1]
            return word
        if action.nargs == 0:
            word = action.format_usage()
        else:
            word = action.option_strings[0] + ' ' + self._format_args(
                action, self._get_default_metavar_for_optional(action))
        if not action.required and not in_group:
            word = '[' + word + ']'
        return word

    # argument entries
    def _format_action(self, action):
        col = min(self._widest_entry + 2, self._max_help_position)
        help_room = max(self._width - col, 11)
        head_room = col - self._current_indent - 2
        head = self._format_action_invocation(action)
        lead = ' ' * self._current_indent
        first_pad = col
        if not action.help:
            pieces = [lead + head + '\n']
        elif len(head) <= head_room:
            pieces = [lead + head.ljust(head_room) + '  ']
            first_pad = 0
        else:
            pieces = [lead + head + '\n']
        if (action.help or '').strip():
            text = self._help_text(action)
            if text:
                lines = self._split_lines(text, help_room)
                pieces.append(' ' * first_pad + lines[0] + '\n')
                pieces.extend(' ' * col + ln + '\n' for ln in lines[1:])
        elif not pieces[0].endswith('\n'):
            pieces.append('\n')
        for sub in self._nested_entries(action):
            pieces.append(self._format_action(sub))
        return self._glue_parts(pieces)

    def _get_help_string(self, action):
        return action.help

    def _format_action_invocation(self, action):
        if _positional(action):
            fallback = self._get_default_metavar_for_positional(action)
            return self._metavar_formatter(action, fallback)(1)[0]
        names = ', '.join(action.option_strings)
        if action.nargs == 0:
            return names
        return names + ' ' + self._format_args(action, self._get_default_metavar_for_optional(action))

    def _metavar_formatter(self, action, default_metavar):
        shown = action.metavar
        if shown is None:
            choices = action.choices
            shown = default_metavar if choices is None else '{%s}' % ','.join(map(str, choices))

        def repeat(n):
            return shown if isinstance(shown, tuple) else (shown,) * n
        return repeat

    def _format_args(self, action, default_metavar):
        mv = self._metavar_formatter(action, default_metavar)
        n = action.nargs
        if n is None:
            return '%s' % mv(1)
        if n == OPTIONAL:
            return '[%s]' % mv(1)
        if n == ZERO_OR_MORE:
            pair = mv(1)
            return '[%s [%s ...]]' % pair if len(pair) == 2 else '[%s ...]' % pair
        if n == ONE_OR_MORE:
            return '%s [%s ...]' % mv(2)
        if n == REMAINDER:
            return '...'
        if n == PARSER:
            return '%s ...' % mv(1)
        if n == SUPPRESS:
            return ''
        try:
            slots = ' '.join(['%s'] * n)
        except TypeError:
            raise ValueError('invalid nargs value') from None
        return slots % mv(n)

    def _help_text(self, action):
        values = dict(vars(action), prog=self._prog)
        for key in list(values):
            v = values[key]
            if v is SUPPRESS:
                del values[key]
            elif hasattr(v, '__name__'):
                values[key] = v.__name__
        if values.get('choices') is not None:
            values['choices'] = ', '.join(str(c) for c in values['choices'])
        return self._get_help_string(action) % values

    def _nested_entries(self, action):
        subs = getattr(action, '_get_subactions', None)
        if subs is None:
            return
        self._indent()
        yield from subs()
        self._dedent()

    def _split_lines(self, text, width):
        import textwrap
        return textwrap.wrap(_squash(text), width)

    def _fill_text(self, text, width, indent):
        import textwrap
        return textwrap.fill(_squash(text), width, initial_indent=indent, subsequent_indent=indent)

    def _get_default_metavar_for_optional(self, action):
        return action.dest.upper()

    def _get_default_metavar_for_positional(self, action):
        return action.dest


def _hidden(action):
    return action.help is SUPPRESS


def _positional(action):
    return not action.option_strings


def _type_label(fmt, action):
    return action.type.__name__


def _squash(text):
    return _re.sub(r'\s+', ' ', text, flags=_re.ASCII).strip()


def _pack(words, pad, room, first_used=None):
    """Greedy line filling for usage; first_used is the prefix length of line one."""
    rows, cur = [], []
    used = (first_used if first_used is not None else len(pad)) - 1
    for w in words:
        if cur and used + 1 + len(w) > room:
            rows.append(pad + ' '.join(cur))
            cur = []
            used = len(pad) - 1
        cur.append(w)
        used += len(w) + 1
    if cur:
        rows.append(pad + ' '.join(cur))
    if first_used is not None and rows:
        rows[0] = rows[0][len(pad):]
    return rows


class RawDescriptionHelpFormatter(HelpFormatter):
    """Keeps description/epilog line breaks as written."""

    def _fill_text(self, text, width, indent):
        return ''.join(indent + ln for ln in text.splitlines(True))


class RawTextHelpFormatter(RawDescriptionHelpFormatter):
    """Also keeps argument help line breaks as written."""

    def _split_lines(self, text, width):
        return text.splitlines()


class ArgumentDefaultsHelpFormatter(HelpFormatter):
    """Appends the default value to each argument's help."""

    def _get_help_string(self, action):
        text = action.help or ''
        if '%(default)' in text or action.default is SUPPRESS:
            return text
        if action.option_strings or action.nargs in (OPTIONAL, ZERO_OR_MORE):
            text += ' (default: %(default)s)'
        return text


class MetavarTypeHelpFormatter(HelpFormatter):
    """Uses the type's name as the metavar."""

    _get_default_metavar_for_optional = _type_label
    _get_default_metavar_for_positional = _type_label


# ---- containers ----------------------------------------------------------------------------

_BUILTIN_ACTIONS = {None: _StoreAction, 'store': _StoreAction, 'store_const': _StoreConstAction,
                    'store_true': _StoreTrueAction, 'store_false': _StoreFalseAction,
                    'append': _AppendAction, 'append_const': _AppendConstAction, 'count': _CountAction,
                    'help': _HelpAction, 'version': _VersionAction, 'parsers': _SubParsersAction,
                    'extend': _ExtendAction}

# '-5', '-.5', '-1e3' ... read as numbers unless the parser has options that look like that
_NEGATIVE = _re.compile(r'-\.?\d')


def _plain(s):
    return s


class _ActionsContainer:
    """What parsers and argument groups have in common: adding arguments."""

    def __init__(self, description, prefix_chars, argument_default, conflict_handler):
        vars(self).update(description=description, prefix_chars=prefix_chars,
                          argument_default=argument_default, conflict_handler=conflict_handler)
        self._registries = {'action': dict(_BUILTIN_ACTIONS), 'type': {None: _plain}}
        # option string -> action; actions in the order they were added
        self._option_string_actions, self._actions = {}, []
        self._action_groups, self._mutually_exclusive_groups = [], []
        self._defaults = {}
        self._negative_number_matcher = _NEGATIVE
        self._negative_like_options = []

    def register(self, registry_name, value, object):
        self._registries.setdefault(registry_name, {})[value] = object

    def _lookup(self, kind, key, fallback=None):
        return self._registries.get(kind, {}).get(key, fallback)

    def set_defaults(self, **kwargs):
        for a in self._actions:
            if a.dest in kwargs:
                a.default = kwargs[a.dest]
        self._defaults.update(kwargs)

    def get_default(self, dest):
        for a in self._actions:
            if a.dest == dest and a.default is not None:
                return a.default
        return self._defaults.get(dest)

    def add_argument(self, *args, **kwargs):
        """add_argument('name') for a positional, add_argument('-f', '--foo') for an option."""
        positional = len(args) <= 1 and (not args or args[0][:1] not in self.prefix_chars)
        if positional:
            spec = self._positional_setup(args, kwargs)
        else:
            spec = self._option_setup(args, kwargs)
        dest = spec['dest']
        inherited = self._defaults.get(dest, self.argument_default)
        if 'default' not in spec and (dest in self._defaults or inherited is not None):
            spec['default'] = inherited
        kind = spec.pop('action', None)
        maker = self._lookup('action', kind, kind)
        if not callable(maker):
            raise ValueError('unknown action "%s"' % (maker,))
        action = maker(**spec)
        conv = self._lookup('type', action.type, action.type)
        if conv is FileType:
            raise ValueError('%r is a FileType class object, instance of it must be passed' % (conv,))
        if not callable(conv):
            raise ValueError('%r is not callable' % (conv,))
        formatter_for = getattr(self, '_get_formatter', None)
        if formatter_for is not None:
            try:
                formatter_for()._format_args(action, None)
            except TypeError:
                raise ValueError('length of metavar tuple does not match nargs')
        return self._attach(action)

    def _positional_setup(self, names, kwargs):
        if 'required' in kwargs:
            raise TypeError("'required' is an invalid argument for positionals")
        out = dict(kwargs)
        if names:
            if 'dest' in out:
                raise TypeError('dest supplied twice for positional argument')
            out['dest'] = names[0]
        # a positional that may match nothing is not required
        out['required'] = out.get('nargs') not in (OPTIONAL, ZERO_OR_MORE, REMAINDER, SUPPRESS)
        out['option_strings'] = []
        return out

    def _option_setup(self, names, kwargs):
        first_long = None
        for name in names:
            if not name or name[0] not in self.prefix_chars:
                raise ValueError('invalid option string %r: must start with a character %r'
                                 % (name, self.prefix_chars))
            if first_long is None and len(name) > 1 and name[1] in self.prefix_chars:
                first_long = name
        out = dict(kwargs)
        dest = out.pop('dest', None)
        if dest is None:
            base = first_long if first_long is not None else names[0]
            dest = base.lstrip(self.prefix_chars).replace('-', '_')
            if not dest:
                raise TypeError('dest= is required for options like %r' % (base,))
        out['dest'] = dest
        out['option_strings'] = list(names)
        return out

    def add_argument_group(self, *args, **kwargs):
        grp = _ArgumentGroup(self, *args, **kwargs)
        self._action_groups.append(grp)
        return grp

    def add_mutually_exclusive_group(self, **kwargs):
        grp = _MutuallyExclusiveGroup(self, **kwargs)
        self._mutually_exclusive_groups.append(grp)
        return grp

    def _attach(self, action):
        self._resolve_clashes(action)
        self._actions.append(action)
        action.container = self
        for opt in action.option_strings:
            self._option_string_actions[opt] = action
            if _NEGATIVE.match(opt) and not self._negative_like_options:
                self._negative_like_options.append(True)
        return action

    def _detach(self, action):
        self._actions.remove(action)

    def _resolve_clashes(self, action):
        taken = [(o, self._option_string_actions[o]) for o in action.option_strings
                 if o in self._option_string_actions]
        if not taken:
            return
        how = self.conflict_handler
        if how == 'error':
            names = ', '.join(o for o, _a in taken)
            raise ArgumentError(action, _plural(len(taken), 'conflicting option string: %s',
                                                'conflicting option strings: %s') % names)
        if how != 'resolve':
            raise ValueError('invalid conflict_resolution value: %r' % how)
        for opt, older in taken:
            older.option_strings.remove(opt)
            self._option_string_actions.pop(opt, None)
            if not older.option_strings:
                older.container._detach(older)

    def _adopt(self, container):
        if not isinstance(container, ArgumentParser):
            raise TypeError('parents must be a list of ArgumentParser')
        by_title = {}
        for grp in self._action_groups:
            if grp.title in by_title:
                raise ValueError('cannot merge actions - two groups are named %r' % grp.title)
            by_title[grp.title] = grp
        home = {}
        for grp in container._action_groups:
            if grp.title not in by_title:
                by_title[grp.title] = self.add_argument_group(
                    title=grp.title, description=grp.description, conflict_handler=grp.conflict_handler)
            for a in grp._group_actions:
                home[a] = by_title[grp.title]
        for mx in container._mutually_exclusive_groups:
            owner = self if mx._container is container else by_title[mx._container.title]
            twin = owner.add_mutually_exclusive_group(required=mx.required)
            for a in mx._group_actions:
                home[a] = twin
        for a in container._actions:
            home.get(a, self)._attach(a)
        self._defaults.update(container._defaults)


_SHARED_TABLES = ('_registries', '_actions', '_option_string_actions', '_defaults',
                  '_negative_like_options', '_mutually_exclusive_groups')


class _ArgumentGroup(_ActionsContainer):
    def __init__(self, container, title=None, description=None, **options):
        for inherited in ('conflict_handler', 'prefix_chars', 'argument_default'):
            options.setdefault(inherited, getattr(container, inherited))
        _ActionsContainer.__init__(self, description=description, **options)
        self.title = title
        self._group_actions = []
        # a group writes into its parser's tables
        for shared in _SHARED_TABLES:
            setattr(self, shared, getattr(container, shared))

    def _member(self, action):
        self._group_actions.append(action)
        return action

    def _attach(self, action):
        return self._member(_ActionsContainer._attach(self, action))

    def _detach(self, action):
        _ActionsContainer._detach(self, action)
        self._unlist(action)

    def _unlist(self, action):
        self._group_actions.remove(action)

    def add_argument_group(self, *args, **options):
        raise ValueError('argument groups cannot be nested')


class _MutuallyExclusiveGroup(_ArgumentGroup):
    def __init__(self, container, required=False):
        _ArgumentGroup.__init__(self, container)
        self.required, self._container = required, container

    def _attach(self, action):
        if action.required:
            raise ValueError('mutually exclusive arguments must be optional')
        return self._member(self._container._attach(action))

    def _detach(self, action):
        self._container._detach(action)
        self._unlist(action)

    def add_mutually_exclusive_group(self, **options):
        raise ValueError('mutually exclusive groups cannot be nested')


# ---- matching words to arguments -----------------------------------------------------------
#
# Each word gets a letter: 'O' looks like an option, 'A' is a plain argument, '-' is the
# first '--'.  How many words an argument takes is then a regex match over that string.

def _nargs_regex(action):
    n = action.nargs
    if n is None:
        rx = '(-*A-*)'
    elif n == OPTIONAL:
        rx = '(-*A?-*)'
    elif n == ZERO_OR_MORE:
        rx = '(-*[A-]*)'
    elif n == ONE_OR_MORE:
        rx = '(-*A[A-]*)'
    elif n == REMAINDER:
        rx = '([-AO]*)'
    elif n == PARSER:
        rx = '(-*A[-AO]*)'
    elif n == SUPPRESS:
        rx = '(-*-*)'
    else:
        rx = '(-*' + '-*'.join('A' * n) + '-*)'
    if action.option_strings:
        rx = rx.replace('-*', '').replace('-', '')
    return rx


_NARGS_COMPLAINT = {None: 'expected one argument', OPTIONAL: 'expected at most one argument',
                    ONE_OR_MORE: 'expected at least one argument'}


class _Parse:
    """State of one parse_known_args() call."""

    def __init__(self, parser, words, namespace, intermixed):
        self.p = parser
        self.ns = namespace
        self.intermixed = intermixed
        self.words = words
        self.extras = []
        self.extra_kinds = []
        self.seen = set()
        self.set_by_user = set()
        self.warned = set()
        self.waiting = [a for a in parser._actions if not a.option_strings]
        self.rivals = {}
        for grp in parser._mutually_exclusive_groups:
            for a in grp._group_actions:
                self.rivals.setdefault(a, []).extend(b for b in grp._group_actions if b is not a)
        self.kinds, self.opts = self._classify(words)

    def _classify(self, words):
        kinds = []
        opts = {}
        rest_plain = False
        for i, w in enumerate(words):
            if rest_plain:
                kinds.append('A')
            elif w == '--':
                kinds.append('-')
                rest_plain = True
            else:
                found = self.p._option_lookup(w)
                if found is None:
                    kinds.append('A')
                else:
                    opts[i] = found
                    kinds.append('O')
        return ''.join(kinds), opts

    def run(self):
        pos = 0
        marks = sorted(self.opts)
        last = marks[-1] if marks else -1
        while pos <= last:
            nxt = min(i for i in marks if i >= pos)
            if pos != nxt:
                if not self.intermixed:
                    after = self._feed_positionals(pos)
                    if after > pos:
                        pos = after
                        continue
                if pos not in self.opts:
                    self.extras.extend(self.words[pos:nxt])
                    self.extra_kinds.extend(self.kinds[pos:nxt])
                    pos = nxt
            pos = self._feed_option(pos)
        if not self.intermixed:
            pos = self._feed_positionals(pos)
            self.extras.extend(self.words[pos:])
        else:
            self._intermixed_tail(pos)
        self._finish()
        return self.ns, self.extras

    def _intermixed_tail(self, pos):
        words = self.extras + self.words[pos:]
        kinds = ''.join(self.extra_kinds) + self.kinds[pos:]
        keep = [i for i, k in enumerate(kinds) if k != 'O']
        self.words = [words[i] for i in keep]
        self.kinds = kinds.replace('O', '')
        used = self._feed_positionals(0)
        drop = set(keep[:used])
        self.extras = [w for i, w in enumerate(words) if i not in drop]

    def _take(self, action, strings, option_string=None):
        if action.deprecated and action not in self.warned:
            if option_string is not None:
                self.p._warn("option '%s' is deprecated" % option_string)
                self.warned.add(action)
            elif strings:
                self.p._warn("argument '%s' is deprecated" % action.dest)
                self.warned.add(action)
        self.seen.add(action)
        value = self.p._convert_all(action, strings)
        if value is not action.default:
            self.set_by_user.add(action)
            for other in self.rivals.get(action, ()):
                if other in self.set_by_user:
                    raise ArgumentError(action, 'not allowed with argument %s' % _describe(other))
        if value is not SUPPRESS:
            action(self.p, self.ns, value, option_string)

    def _feed_positionals(self, pos):
        counts = self.p._split_counts(self.waiting, self.kinds[pos:])
        if 'O' in self.kinds[pos:]:
            # options still follow: a trailing '?'/'*' that got nothing waits for later words
            while counts and counts[-1] == 0:
                counts.pop()
        for action, n in zip(self.waiting, counts):
            chunk = self.words[pos:pos + n]
            if action.nargs == PARSER:
                if self.kinds[pos:pos + 1] == '-':
                    chunk.remove('--')
            elif action.nargs != REMAINDER and '-' in self.kinds[pos:pos + n]:
                chunk.remove('--')
            pos += n
            self._take(action, chunk)
        del self.waiting[:len(counts)]
        return pos

    def _feed_option(self, pos):
        action, opt, sep, attached = self.opts[pos]
        prefix = self.p.prefix_chars
        todo = []
        while True:
            if action is None:
                self.extras.append(self.words[pos])
                self.extra_kinds.append('O')
                return pos + 1
            if attached is None:
                n = self.p._count_for(action, self.kinds[pos + 1:])
                todo.append((action, self.words[pos + 1:pos + 1 + n], opt))
                end = pos + 1 + n
                break
            n = self.p._count_for(action, 'A')
            if n == 1:
                todo.append((action, [attached], opt))
                end = pos + 1
                break
            # a flag with text glued on: '-xyz' may be '-x -y -z'
            if n == 0 and opt[1] not in prefix and attached != '':
                if sep or attached[0] in prefix:
                    raise ArgumentError(action, 'ignored explicit argument %r' % attached)
                todo.append((action, [], opt))
                opt = opt[0] + attached[0]
                nxt = self.p._option_string_actions.get(opt)
                if nxt is None:
                    # unknown letter: the rest of the cluster is left over
                    self.extras.append(opt[0] + attached)
                    self.extra_kinds.append('O')
                    end = pos + 1
                    break
                action, attached = nxt, attached[1:]
                if not attached:
                    sep = attached = None
                elif attached[0] == '=':
                    sep, attached = '=', attached[1:]
                else:
                    sep = ''
                continue
            raise ArgumentError(action, 'ignored explicit argument %r' % attached)
        for act, strings, name in todo:
            self._take(act, strings, name)
        return end

    def _finish(self):
        p, ns = self.p, self.ns
        missing = []
        for a in p._actions:
            if a in self.seen:
                continue
            if a.required:
                missing.append(_describe(a))
            elif (isinstance(a.default, str) and hasattr(ns, a.dest)
                  and getattr(ns, a.dest) is a.default):
                setattr(ns, a.dest, p._convert(a, a.default))
        if missing:
            raise ArgumentError(None, 'the following arguments are required: %s' % ', '.join(missing))
        for grp in p._mutually_exclusive_groups:
            if grp.required and not any(a in self.set_by_user for a in grp._group_actions):
                names = [_describe(a) for a in grp._group_actions if a.help is not SUPPRESS]
                raise ArgumentError(None, 'one of the arguments %s is required' % ' '.join(names))


# ---- the parser ----------------------------------------------------------------------------

class ArgumentParser(_Reprable, _ActionsContainer):
    """Command-line parser: declare arguments, then call parse_args()."""

    def __init__(self, prog=None, usage=None, description=None, epilog=None, parents=[],
                 formatter_class=HelpFormatter, prefix_chars='-', fromfile_prefix_chars=None,
                 argument_default=None, conflict_handler='error', add_help=True, allow_abbrev=True,
                 exit_on_error=True, *, suggest_on_error=False, color=False):
        _ActionsContainer.__init__(self, description, prefix_chars, argument_default, conflict_handler)
        if prog is None:
            arg0 = _sys.argv[0] if _sys.argv else ''
            prog = _os.path.basename(arg0) if arg0 else 'python3'
        vars(self).update(prog=prog, usage=usage, epilog=epilog, formatter_class=formatter_class,
                          fromfile_prefix_chars=fromfile_prefix_chars, add_help=add_help,
                          allow_abbrev=allow_abbrev, exit_on_error=exit_on_error,
                          suggest_on_error=suggest_on_error, color=color)
        self._positionals = self.add_argument_group('positional arguments')
        self._optionals = self.add_argument_group('options')
        self._subparsers = None
        if add_help:
            lead = '-' if '-' in prefix_chars else prefix_chars[0]
            self.add_argument(lead + 'h', lead * 2 + 'help', action='help', default=SUPPRESS,
                              help='show this help message and exit')
        for parent in parents:
            self._adopt(parent)

    def _get_kwargs(self):
        return [(k, getattr(self, k)) for k in
                ('prog', 'usage', 'description', 'formatter_class', 'conflict_handler', 'add_help')]

    def add_subparsers(self, **kwargs):
        if self._subparsers:
            raise ValueError('cannot have multiple subparser arguments')
        opts = dict(kwargs)
        titled = 'title' in opts or 'description' in opts
        title = opts.pop('title', 'subcommands')
        blurb = opts.pop('description', None)
        self._subparsers = self.add_argument_group(title, blurb) if titled else self._positionals
        if opts.get('prog') is None:
            # sub-parser progs start with this parser's usage (positionals only)
            fmt = self._get_formatter()
            fmt.add_usage(self.usage, list(filter(_positional, self._actions)),
                          self._mutually_exclusive_groups, '')
            opts['prog'] = fmt.format_help().strip()
        opts.setdefault('parser_class', type(self))
        maker = self._lookup('action', opts.pop('action', 'parsers'))
        return self._subparsers._attach(maker(option_strings=[], **opts))

    def _attach(self, action):
        home = self._positionals if _positional(action) else self._optionals
        return home._attach(action)

    # public parsing entry points
    def parse_args(self, args=None, namespace=None):
        ns, left = self.parse_known_args(args, namespace)
        self._refuse_leftovers(left)
        return ns

    def parse_known_args(self, args=None, namespace=None):
        return self._parse_common(args, namespace, False)

    def parse_intermixed_args(self, args=None, namespace=None):
        ns, left = self.parse_known_intermixed_args(args, namespace)
        self._refuse_leftovers(left)
        return ns

    def parse_known_intermixed_args(self, args=None, namespace=None):
        for a in filter(_positional, self._actions):
            if a.nargs in (PARSER, REMAINDER):
                raise TypeError('parse_intermixed_args: positional arg with nargs=%s' % a.nargs)
        for grp in self._mutually_exclusive_groups:
            if any(map(_positional, grp._group_actions)):
                raise TypeError('parse_intermixed_args: positional in mutuallyExclusiveGroup')
        return self._parse_common(args, namespace, True)

    def _refuse_leftovers(self, left):
        if left:
            msg = 'unrecognized arguments: %s' % ' '.join(left)
            if self.exit_on_error:
                self.error(msg)
            raise ArgumentError(None, msg)

    def _parse_common(self, args, namespace, intermixed):
        words = _sys.argv[1:] if args is None else list(args)
        ns = Namespace() if namespace is None else namespace
        for a in self._actions:
            if a.dest is not SUPPRESS and a.default is not SUPPRESS and not hasattr(ns, a.dest):
                setattr(ns, a.dest, a.default)
        for key, val in self._defaults.items():
            if not hasattr(ns, key):
                setattr(ns, key, val)
        try:
            if self.fromfile_prefix_chars:
                words = self._expand_at_files(words)
            ns, left = _Parse(self, words, ns, intermixed).run()
        except ArgumentError as exc:
            if not self.exit_on_error:
                raise
            self.error(str(exc))
        if _LEFTOVER in vars(ns):
            left.extend(vars(ns).pop(_LEFTOVER))
        return ns, left

    def _expand_at_files(self, words):
        out = []
        for w in words:
            if not w or w[0] not in self.fromfile_prefix_chars:
                out.append(w)
                continue
            try:
                with open(w[1:], encoding=_fs_encoding()) as fh:
                    found = []
                    for line in fh.read().splitlines():
                        found.extend(self.convert_arg_line_to_args(line))
            except OSError as exc:
                raise ArgumentError(None, str(exc))
            out.extend(self._expand_at_files(found))
        return out

    def convert_arg_line_to_args(self, arg_line):
        return [arg_line]

    # helpers used by _Parse (kept as parser methods so subclasses can hook them)
    def _count_for(self, action, kinds):
        m = _re.match(_nargs_regex(action), kinds)
        if m is not None:
            return len(m.group(1))
        n = action.nargs
        text = _NARGS_COMPLAINT.get(n)
        if text is None:
            text = _plural(n, 'expected %s argument', 'expected %s arguments') % n
        raise ArgumentError(action, text)

    def _split_counts(self, actions, kinds):
        for k in range(len(actions), 0, -1):
            m = _re.match(''.join(_nargs_regex(a) for a in actions[:k]), kinds)
            if m is not None:
                return [len(g) for g in m.groups()]
        return []

    def _option_lookup(self, word):
        """None for a plain word, else (action or None, option, separator, attached value)."""
        if not word or word[0] not in self.prefix_chars:
            return None
        table = self._option_string_actions
        if word in table:
            return table[word], word, None, None
        if len(word) == 1:
            return None
        head, sep, tail = word.partition('=')
        if sep and head in table:
            return table[head], head, sep, tail
        hits = self._prefix_hits(word)
        if len(hits) > 1:
            names = ', '.join(h[1] for h in hits)
            raise ArgumentError(None, 'ambiguous option: %s could match %s' % (word, names))
        if len(hits) == 1:
            return hits[0]
        if _NEGATIVE.match(word) and not self._negative_like_options:
            return None
        if ' ' in word:
            return None
        return None, word, None, None

    def _prefix_hits(self, word):
        """Options that word could abbreviate (and, for '-xVALUE', the short option -x)."""
        table = self._option_string_actions
        head, sep, tail = word.partition('=')
        if not sep:
            sep = tail = None
        found = []
        if word[1] in self.prefix_chars:
            if self.allow_abbrev:
                found = [(table[k], k, sep, tail) for k in table if k.startswith(head)]
            return found
        for k in table:
            if k == word[:2]:
                found.append((table[k], k, '', word[2:]))
            elif self.allow_abbrev and k.startswith(head):
                found.append((table[k], k, sep, tail))
        return found

    def _convert_all(self, action, words):
        n = action.nargs
        if not words and n == OPTIONAL:
            # defaults and consts are converted but not checked against choices
            value = action.const if action.option_strings else action.default
            if isinstance(value, str) and value is not SUPPRESS:
                value = self._convert(action, value)
            return value
        if not words and n == ZERO_OR_MORE and not action.option_strings:
            return words if action.default is None else action.default
        if len(words) == 1 and n in (None, OPTIONAL):
            value = self._convert(action, words[0])
            self._vet(action, value)
            return value
        if n == SUPPRESS:
            return SUPPRESS
        values = [self._convert(action, s) for s in words]
        if n == PARSER:
            self._vet(action, values[0])
        elif n != REMAINDER:
            for v in values:
                self._vet(action, v)
        return values

    def _convert(self, action, text):
        conv = self._lookup('type', action.type, action.type)
        if not callable(conv):
            raise ArgumentError(action, '%r is not callable' % (conv,))
        try:
            return conv(text)
        except ArgumentTypeError as exc:
            raise ArgumentError(action, str(exc))
        except (ValueError, TypeError):
            label = getattr(action.type, '__name__', repr(action.type))
            raise ArgumentError(action, 'invalid %s value: %r' % (label, text))

    def _vet(self, action, value):
        allowed = action.choices
        if allowed is not None and value not in allowed:
            listed = ', '.join(str(c) for c in allowed)
            raise ArgumentError(action, 'invalid choice: %r (choose from %s)' % (str(value), listed))

    # output
    def format_usage(self):
        fmt = self._get_formatter()
        fmt.add_usage(self.usage, self._actions, self._mutually_exclusive_groups)
        return fmt.format_help()

    def format_help(self):
        fmt = self._get_formatter()
        fmt.add_usage(self.usage, self._actions, self._mutually_exclusive_groups)
        fmt.add_text(self.description)
        for grp in self._action_groups:
            fmt.start_section(grp.title)
            fmt.add_text(grp.description)
            fmt.add_arguments(grp._group_actions)
            fmt.end_section()
        fmt.add_text(self.epilog)
        return fmt.format_help()

    def _get_formatter(self):
        return self.formatter_class(self.prog)

    def print_usage(self, file=None):
        self._emit(self.format_usage(), _sys.stdout if file is None else file)

    def print_help(self, file=None):
        self._emit(self.format_help(), _sys.stdout if file is None else file)

    def _emit(self, message, file=None):
        if not message:
            return
        out = file or _sys.stderr
        try:
            out.write(message)
        except (OSError, AttributeError):
            pass

    def exit(self, status=0, message=None):
        if message:
            self._emit(message, _sys.stderr)
        _sys.exit(status)

    def error(self, message):
        """Print usage and the message to stderr, then exit with status 2."""
        self.print_usage(_sys.stderr)
        self.exit(2, '%s: error: %s\n' % (self.prog, message))

    def _warn(self, message):
        self._emit('%s: warning: %s\n' % (self.prog, message), _sys.stderr)
