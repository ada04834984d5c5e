"""inspect for Sandkiste: signatures, type predicates, members and source.

Signature/Parameter/BoundArguments behave as CPython's (text form, binding
rules and messages); the predicates read the code flags.  There are no frame
objects: currentframe() returns None and stack() an empty list.  Source is
read from the file a function came from, when that file exists.  The code
is our own.
"""
import sys
import types

__all__ = ['signature', 'Signature', 'Parameter', 'BoundArguments', 'isfunction', 'ismethod', 'isclass', 'ismodule',
           'isbuiltin', 'isroutine', 'iscoroutinefunction', 'isgeneratorfunction', 'isasyncgenfunction',
           'isgenerator', 'iscoroutine', 'isasyncgen', 'isawaitable', 'isabstract', 'getmembers', 'getdoc',
           'cleandoc', 'getmodule', 'getsource', 'getsourcelines', 'getfile', 'getfullargspec', 'unwrap',
           'get_annotations', 'currentframe', 'stack', 'getmro', 'ismethoddescriptor', 'isdatadescriptor',
           'getattr_static', 'getcallargs', 'markcoroutinefunction', 'iscode', 'isframe', 'istraceback',
           'FullArgSpec', 'getclosurevars', 'signature', 'get_annotations', 'CO_VARARGS', 'CO_VARKEYWORDS']

CO_OPTIMIZED, CO_NEWLOCALS, CO_VARARGS, CO_VARKEYWORDS = 1, 2, 4, 8
CO_NESTED, CO_GENERATOR, CO_NOFREE, CO_COROUTINE = 16, 32, 64, 128
CO_ITERABLE_COROUTINE, CO_ASYNC_GENERATOR = 256, 512

_FunctionType = type(lambda: None)
_BuiltinType = type(len)
_MethodType = type(type('_X', (), {'m': lambda self: None})().m)


class _empty:
    """Marker for 'no default' / 'no annotation'."""


class _void:
    """Marker for 'no change' in replace()."""


# ---- predicates -----------------------------------------------------------------------------
def ismodule(object):
    return isinstance(object, types.ModuleType)


def isclass(object):
    return isinstance(object, type)


def ismethod(object):
    return isinstance(object, _MethodType)


def isfunction(object):
    return isinstance(object, _FunctionType)


def isbuiltin(object):
    return isinstance(object, _BuiltinType)


def ismethoddescriptor(object):
    if isclass(object) or ismethod(object) or isfunction(object):
        return False
    tp = type(object)
    return hasattr(tp, '__get__') and not hasattr(tp, '__set__') and not hasattr(tp, '__delete__')


def isdatadescriptor(object):
    if isclass(object) or ismethod(object) or isfunction(object):
        return False
    tp = type(object)
    return hasattr(tp, '__set__') or hasattr(tp, '__delete__')


def isroutine(object):
    return isbuiltin(object) or isfunction(object) or ismethod(object) or ismethoddescriptor(object)


def _has_flag(f, flag):
    f = unwrap(f, stop=lambda x: getattr(x, '_is_coroutine_marker', None) is not None) if callable(f) else f
    while ismethod(f):
        f = f.__func__
    while hasattr(f, 'func') and type(f).__name__ in ('partial', 'partialmethod'):
        f = f.func
    if not isfunction(f):
        return False
    return bool(f.__code__.co_flags & flag)


def isgeneratorfunction(obj):
    return _has_flag(obj, CO_GENERATOR)


def iscoroutinefunction(obj):
    if getattr(obj, '_is_coroutine_marker', None) is _is_coroutine_mark:
        return True
    return _has_flag(obj, CO_COROUTINE)


def isasyncgenfunction(obj):
    return _has_flag(obj, CO_ASYNC_GENERATOR)


_is_coroutine_mark = object()


def markcoroutinefunction(func):
    if hasattr(func, '__func__'):
        func = func.__func__
    func._is_coroutine_marker = _is_coroutine_mark
    return func


def isgenerator(object):
    return type(object).__name__ == 'generator'


def iscoroutine(object):
    return type(object).__name__ == 'coroutine'


def isasyncgen(object):
    return type(object).__name__ == 'async_generator'


def isawaitable(object):
    return iscoroutine(object) or hasattr(type(object), '__await__')


def iscode(object):
    return type(object).__name__ == 'code'


def isframe(object):
    return False


def istraceback(object):
    return False


def isabstract(object):
    return bool(isinstance(object, type) and getattr(object, '__abstractmethods__', None))


def currentframe():
    return None


def stack(context=1):
    return []


def trace(context=1):
    return []


def getmro(cls):
    return cls.__mro__


def unwrap(func, *, stop=None):
    """Follow __wrapped__ links to the innermost function."""
    f = func
    seen = {id(f)}
    while hasattr(f, '__wrapped__'):
        if stop is not None and stop(f):
            break
        f = f.__wrapped__
        if id(f) in seen:
            raise ValueError('wrapper loop when unwrapping {!r}'.format(func))
        seen.add(id(f))
    return f


# ---- members and documentation ----------------------------------------------------------------
def getmembers(object, predicate=None):
    """(name, value) pairs of object's attributes, sorted by name."""
    results = []
    names = dir(object)
    if isclass(object):
        for base in object.__mro__:
            for k in base.__dict__:
                if k not in names:
                    names.append(k)
    for key in names:
        try:
            value = getattr(object, key)
        except AttributeError:
            continue
        if predicate is None or predicate(value):
            results.append((key, value))
    results.sort(key=lambda pair: pair[0])
    return results


def getmembers_static(object, predicate=None):
    return getmembers(object, predicate)


def getattr_static(obj, attr, default=_empty):
    for source in ([obj] if not isinstance(obj, type) else []) + list(type(obj).__mro__ if not isinstance(obj, type)
                                                                      else obj.__mro__):
        d = getattr(source, '__dict__', None)
        if d is not None and attr in d:
            return d[attr]
    if default is not _empty:
        return default
    raise AttributeError(attr)


def cleandoc(doc):
    """Strip the indentation docstrings carry."""
    lines = doc.expandtabs().split('\n')
    margin = None
    for line in lines[1:]:
        content = len(line.lstrip(' '))
        if content:
            indent = len(line) - content
            margin = indent if margin is None else min(margin, indent)
    if lines:
        lines[0] = lines[0].lstrip(' ')
    if margin is not None:
        for i in range(1, len(lines)):
            lines[i] = lines[i][margin:]
    while lines and not lines[-1]:
        lines.pop()
    while lines and not lines[0]:
        lines.pop(0)
    return '\n'.join(lines)


def getdoc(object):
    try:
        doc = object.__doc__
    except AttributeError:
        return None
    if doc is None:
        if isclass(object):
            for base in object.__mro__[1:]:
                if base is object:
                    break
                doc = base.__doc__
                if doc is not None:
                    break
        if doc is None:
            return None
    if not isinstance(doc, str):
        return None
    return cleandoc(doc)


def getcomments(object):
    return None


def getmodule(object, _filename=None):
    if ismodule(object):
        return object
    name = getattr(object, '__module__', None)
    if name is not None:
        return sys.modules.get(name)
    return None


def getfile(object):
    if ismodule(object):
        f = getattr(object, '__file__', None)
        if f:
            return f
        raise TypeError('{!r} is a built-in module'.format(object))
    if isclass(object):
        mod = sys.modules.get(object.__module__)
        f = getattr(mod, '__file__', None)
        if f:
            return f
        raise TypeError('{!r} is a built-in class'.format(object))
    if ismethod(object):
        object = object.__func__
    if isfunction(object):
        return object.__code__.co_filename
    raise TypeError('module, class, method, function, traceback, frame, or code object was expected, '
                    'got {}'.format(type(object).__name__))


getsourcefile = getfile


def getsourcelines(object):
    """(lines, first line number) of a function's or method's source."""
    object = unwrap(object)
    if ismethod(object):
        object = object.__func__
    if not isfunction(object):
        raise TypeError('module, class, method, function, traceback, frame, or code object was expected, '
                        'got {}'.format(type(object).__name__))
    code = object.__code__
    try:
        with open(code.co_filename, encoding='utf-8') as f:
            lines = f.read().splitlines(True)
    except (OSError, ValueError):
        raise OSError('could not get source code') from None
    start = code.co_firstlineno - 1
    if not 0 <= start < len(lines):
        raise OSError('could not get source code')
    while start > 0 and lines[start - 1].lstrip().startswith('@'):
        start -= 1
    first = lines[start]
    indent = len(first) - len(first.lstrip())
    end = start + 1
    while end < len(lines):
        line = lines[end]
        stripped = line.strip()
        if stripped and len(line) - len(line.lstrip()) <= indent and not stripped.startswith(('#', ')', ']', '}')):
            break
        end += 1
    while end > start + 1 and not lines[end - 1].strip():
        end -= 1
    return lines[start:end], start + 1


def getsource(object):
    lines, _ = getsourcelines(object)
    return ''.join(lines)


def get_annotations(obj, *, globals=None, locals=None, eval_str=False, format=None):
    if isinstance(obj, type):
        ann = obj.__dict__.get('__annotations__', None)
    else:
        ann = getattr(obj, '__annotations__', None)
    if ann is None:
        return {}
    if not isinstance(ann, dict):
        raise ValueError(f'{obj!r}.__annotations__ is neither a dict nor None')
    return dict(ann)


def getclosurevars(func):
    from collections import namedtuple
    ClosureVars = namedtuple('ClosureVars', 'nonlocals globals builtins unbound')
    code = func.__code__
    nonlocals = {}
    if func.__closure__:
        for name, cell in zip(code.co_freevars, func.__closure__):
            try:
                nonlocals[name] = cell.cell_contents
            except ValueError:
                pass
    gl = {}
    bl = {}
    unbound = set()
    import builtins
    for name in code.co_names:
        if name in func.__globals__:
            gl[name] = func.__globals__[name]
        elif hasattr(builtins, name):
            bl[name] = getattr(builtins, name)
        else:
            unbound.add(name)
    return ClosureVars(nonlocals, gl, bl, unbound)


# ---- signatures ---------------------------------------------------------------------------------
class _ParameterKind(int):
    _names = ('POSITIONAL_ONLY', 'POSITIONAL_OR_KEYWORD', 'VAR_POSITIONAL', 'KEYWORD_ONLY', 'VAR_KEYWORD')
    _descriptions = ('positional-only', 'positional or keyword', 'variadic positional', 'keyword-only',
                     'variadic keyword')

    @property
    def name(self):
        return self._names[self]

    @property
    def description(self):
        return self._descriptions[self]

    def __str__(self):
        return self._names[self]

    def __repr__(self):
        return '<_ParameterKind.%s: %d>' % (self._names[self], int(self))


POSITIONAL_ONLY = _ParameterKind(0)
POSITIONAL_OR_KEYWORD = _ParameterKind(1)
VAR_POSITIONAL = _ParameterKind(2)
KEYWORD_ONLY = _ParameterKind(3)
VAR_KEYWORD = _ParameterKind(4)


def _annotation_text(annotation):
    if isinstance(annotation, type) and annotation.__module__ == 'builtins':
        return annotation.__qualname__
    if isinstance(annotation, type):
        return annotation.__module__ + '.' + annotation.__qualname__
    return repr(annotation)


class Parameter:
    """One parameter of a Signature."""

    __slots__ = ('_name', '_kind', '_default', '_annotation')

    POSITIONAL_ONLY = POSITIONAL_ONLY
    POSITIONAL_OR_KEYWORD = POSITIONAL_OR_KEYWORD
    VAR_POSITIONAL = VAR_POSITIONAL
    KEYWORD_ONLY = KEYWORD_ONLY
    VAR_KEYWORD = VAR_KEYWORD
    empty = _empty

    def __init__(self, name, kind, *, default=_empty, annotation=_empty):
        if kind not in range(5):
            raise ValueError(f'value {kind!r} is not a valid Parameter.kind')
        kind = _ParameterKind(kind)
        if default is not _empty and kind in (VAR_POSITIONAL, VAR_KEYWORD):
            raise ValueError(f'{kind.description} parameters cannot have default values')
        if not isinstance(name, str):
            raise TypeError('name must be a str, not a {}'.format(type(name).__name__))
        if not name.isidentifier():
            raise ValueError('{!r} is not a valid parameter name'.format(name))
        self._name = name
        self._kind = kind
        self._default = default
        self._annotation = annotation

    name = property(lambda self: self._name)
    default = property(lambda self: self._default)
    annotation = property(lambda self: self._annotation)
    kind = property(lambda self: self._kind)

    def replace(self, *, name=None, kind=None, default=None, annotation=None):
        return type(self)(self._name if name is None else name, self._kind if kind is None else kind,
                          default=self._default if default is None else default,
                          annotation=self._annotation if annotation is None else annotation)

    __replace__ = replace

    def __str__(self):
        text = self._name
        if self._annotation is not _empty:
            text = '{}: {}'.format(text, _annotation_text(self._annotation))
        if self._default is not _empty:
            text = '{}{}{}'.format(text, ' = ' if self._annotation is not _empty else '=', repr(self._default))
        if self._kind == VAR_POSITIONAL:
            text = '*' + text
        elif self._kind == VAR_KEYWORD:
            text = '**' + text
        return text

    def __repr__(self):
        return '<{} "{}">'.format(type(self).__name__, self)

    def __hash__(self):
        return hash((self._name, self._kind, self._annotation, self._default))

    def __eq__(self, other):
        if self is other:
            return True
        if not isinstance(other, Parameter):
            return NotImplemented
        return (self._name == other._name and self._kind == other._kind and self._default == other._default and
                self._annotation == other._annotation)


class BoundArguments:
    """The result of Signature.bind(): arguments by parameter name."""

    __slots__ = ('arguments', '_signature')

    def __init__(self, signature, arguments):
        self.arguments = arguments
        self._signature = signature

    signature = property(lambda self: self._signature)

    @property
    def args(self):
        out = []
        for name, p in self._signature.parameters.items():
            if p.kind in (VAR_KEYWORD, KEYWORD_ONLY) or name not in self.arguments:
                if p.kind in (VAR_KEYWORD, KEYWORD_ONLY):
                    break
                break
            if p.kind == VAR_POSITIONAL:
                out.extend(self.arguments[name])
            else:
                out.append(self.arguments[name])
        return tuple(out)

    @property
    def kwargs(self):
        out = {}
        started = False
        for name, p in self._signature.parameters.items():
            if not started:
                if p.kind in (VAR_KEYWORD, KEYWORD_ONLY) or name not in self.arguments:
                    started = True
                else:
                    continue
            if name not in self.arguments:
                continue
            if p.kind == VAR_KEYWORD:
                out.update(self.arguments[name])
            elif p.kind != VAR_POSITIONAL:
                out[name] = self.arguments[name]
        return out

    def apply_defaults(self):
        new = {}
        for name, p in self._signature.parameters.items():
            if name in self.arguments:
                new[name] = self.arguments[name]
            elif p.default is not _empty:
                new[name] = p.default
            elif p.kind == VAR_POSITIONAL:
                new[name] = ()
            elif p.kind == VAR_KEYWORD:
                new[name] = {}
        self.arguments = new

    def __eq__(self, other):
        if not isinstance(other, BoundArguments):
            return NotImplemented
        return self.signature == other.signature and self.arguments == other.arguments

    def __repr__(self):
        args = ['{}={!r}'.format(k, v) for k, v in self.arguments.items()]
        return '<{} ({})>'.format(type(self).__name__, ', '.join(args))


class Signature:
    """The parameters and return annotation of a callable."""

    __slots__ = ('_parameters', '_return_annotation')
    empty = _empty

    def __init__(self, parameters=None, *, return_annotation=_empty, __validate_parameters__=True):
        params = {}
        if parameters is not None:
            last_kind = POSITIONAL_ONLY
            seen_default = False
            for p in parameters:
                if __validate_parameters__:
                    if p.kind < last_kind:
                        raise ValueError('wrong parameter order: {} parameter before {} parameter'.format(
                            last_kind.description, p.kind.description))
                    if p.kind in (POSITIONAL_ONLY, POSITIONAL_OR_KEYWORD):
                        if p.default is _empty:
                            if seen_default:
                                raise ValueError('non-default argument follows default argument')
                        else:
                            seen_default = True
                    if p.name in params:
                        raise ValueError('duplicate parameter name: {!r}'.format(p.name))
                last_kind = p.kind
                params[p.name] = p
        self._parameters = types.MappingProxyType(params) if hasattr(types, 'MappingProxyType') else params
        self._return_annotation = return_annotation

    @classmethod
    def from_callable(cls, obj, *, follow_wrapped=True, globals=None, locals=None, eval_str=False):
        return _signature_of(obj, cls, follow_wrapped)

    parameters = property(lambda self: self._parameters)
    return_annotation = property(lambda self: self._return_annotation)

    def replace(self, *, parameters=_void, return_annotation=_void):
        if parameters is _void:
            parameters = self._parameters.values()
        if return_annotation is _void:
            return_annotation = self._return_annotation
        return type(self)(parameters, return_annotation=return_annotation)

    __replace__ = replace

    def __hash__(self):
        return hash((tuple(self._parameters.values()), self._return_annotation))

    def __eq__(self, other):
        if self is other:
            return True
        if not isinstance(other, Signature):
            return NotImplemented
        return (self._return_annotation == other._return_annotation and
                list(self._parameters.values()) == list(other._parameters.values()))

    def _bind(self, args, kwargs, partial=False):
        arguments = {}
        params = list(self._parameters.values())
        kwargs = dict(kwargs)
        pi = 0
        args = list(args)
        ai = 0
        while pi < len(params):
            p = params[pi]
            if ai >= len(args):
                break
            if p.kind in (VAR_KEYWORD, KEYWORD_ONLY):
                raise TypeError('too many positional arguments') from None
            if p.kind == VAR_POSITIONAL:
                arguments[p.name] = tuple(args[ai:])
                ai = len(args)
                pi += 1
                break
            if p.name in kwargs and p.kind != POSITIONAL_ONLY:
                raise TypeError('multiple values for argument {arg!r}'.format(arg=p.name)) from None
            arguments[p.name] = args[ai]
            ai += 1
            pi += 1
        if ai < len(args):
            raise TypeError('too many positional arguments') from None
        kw_param = None
        for p in params[pi:]:
            if p.kind == VAR_KEYWORD:
                kw_param = p
                continue
            if p.kind == VAR_POSITIONAL:
                continue
            name = p.name
            if name in kwargs and p.kind != POSITIONAL_ONLY:
                arguments[name] = kwargs.pop(name)
            elif not partial and p.default is _empty:
                if p.kind == POSITIONAL_ONLY and name in kwargs and kw_param is None and \
                        not any(q.kind == VAR_KEYWORD for q in params):
                    raise TypeError('{arg!r} parameter is positional only, but was passed as a keyword'.format(
                        arg=name)) from None
                raise TypeError('missing a required{argtype} argument: {arg!r}'.format(
                    arg=name, argtype=' keyword-only' if p.kind == KEYWORD_ONLY else '')) from None
        if kw_param is None:
            kw_param = next((p for p in params if p.kind == VAR_KEYWORD), None)
        if kwargs:
            if kw_param is not None:
                arguments[kw_param.name] = kwargs
            else:
                name = next(iter(kwargs))
                raise TypeError('got an unexpected keyword argument {arg!r}'.format(arg=name))
        return BoundArguments(self, arguments)

    def bind(self, /, *args, **kwargs):
        return self._bind(args, kwargs)

    def bind_partial(self, /, *args, **kwargs):
        return self._bind(args, kwargs, partial=True)

    def __str__(self):
        out = []
        slash_due = False
        star_done = False
        for p in self._parameters.values():
            kind = p.kind
            if kind == POSITIONAL_ONLY:
                slash_due = True
            elif slash_due:
                out.append('/')
                slash_due = False
            if kind == VAR_POSITIONAL:
                star_done = True
            elif kind == KEYWORD_ONLY and not star_done:
                out.append('*')
                star_done = True
            out.append(str(p))
        if slash_due:
            out.append('/')
        text = '({})'.format(', '.join(out))
        if self._return_annotation is not _empty:
            text += ' -> {}'.format(_annotation_text(self._return_annotation))
        return text

    def __repr__(self):
        return '<{} {}>'.format(type(self).__name__, self)

    def format(self, *, max_width=None):
        return str(self)


def _function_signature(func, cls):
    code = func.__code__
    npos = code.co_argcount
    nposonly = code.co_posonlyargcount
    nkw = code.co_kwonlyargcount
    names = code.co_varnames
    defaults = func.__defaults__ or ()
    kwdefaults = func.__kwdefaults__ or {}
    ann = getattr(func, '__annotations__', None) or {}
    params = []
    first_default = npos - len(defaults)
    for i, name in enumerate(names[:npos]):
        kind = POSITIONAL_ONLY if i < nposonly else POSITIONAL_OR_KEYWORD
        default = defaults[i - first_default] if i >= first_default else _empty
        params.append(Parameter(name, kind, default=default, annotation=ann.get(name, _empty)))
    k = npos
    star = None
    if code.co_flags & CO_VARARGS:
        star = names[npos + nkw]
        params.append(Parameter(star, VAR_POSITIONAL, annotation=ann.get(star, _empty)))
    for name in names[npos:npos + nkw]:
        params.append(Parameter(name, KEYWORD_ONLY, default=kwdefaults.get(name, _empty),
                                annotation=ann.get(name, _empty)))
    if code.co_flags & CO_VARKEYWORDS:
        idx = npos + nkw + (1 if code.co_flags & CO_VARARGS else 0)
        dstar = names[idx]
        params.append(Parameter(dstar, VAR_KEYWORD, annotation=ann.get(dstar, _empty)))
    return cls(params, return_annotation=ann.get('return', _empty), __validate_parameters__=False)


def _drop_first(sig):
    params = list(sig.parameters.values())
    if not params or params[0].kind in (VAR_KEYWORD, KEYWORD_ONLY):
        raise ValueError('invalid method signature')
    if params[0].kind == VAR_POSITIONAL:
        return sig
    return sig.replace(parameters=params[1:])


def _signature_of(obj, cls=Signature, follow_wrapped=True):
    if not callable(obj):
        raise TypeError('{!r} is not a callable object'.format(obj))
    if ismethod(obj):
        return _drop_first(_signature_of(obj.__func__, cls, follow_wrapped))
    if follow_wrapped:
        obj = unwrap(obj, stop=lambda f: hasattr(f, '__signature__'))
        if ismethod(obj):
            return _signature_of(obj, cls, follow_wrapped)
    sig = getattr(obj, '__signature__', None)
    if sig is not None:
        if not isinstance(sig, Signature):
            raise TypeError('unexpected object {!r} in __signature__ attribute'.format(sig))
        return sig
    if isfunction(obj):
        return _function_signature(obj, cls)
    if type(obj).__name__ in ('partial',) and hasattr(obj, 'func'):
        base = _signature_of(obj.func, cls, follow_wrapped)
        params = list(base.parameters.values())[len(obj.args):]
        out = []
        for p in params:
            if p.name in obj.keywords:
                out.append(p.replace(default=obj.keywords[p.name], kind=KEYWORD_ONLY
                                     if p.kind == POSITIONAL_OR_KEYWORD else p.kind))
            else:
                out.append(p)
        keyword_started = False
        fixed = []
        for p in out:
            if p.kind == KEYWORD_ONLY:
                keyword_started = True
            if keyword_started and p.kind == POSITIONAL_OR_KEYWORD:
                p = p.replace(kind=KEYWORD_ONLY)
            fixed.append(p)
        return base.replace(parameters=fixed)
    if isclass(obj):
        for name in ('__new__', '__init__'):
            for base in obj.__mro__:
                if name in base.__dict__:
                    meth = base.__dict__[name]
                    if base is object:
                        break
                    if isinstance(meth, staticmethod):
                        meth = meth.__func__
                    if isfunction(meth):
                        return _drop_first(_function_signature(meth, cls))
                    break
        if obj.__init__ is object.__init__ and obj.__new__ is object.__new__:
            return cls([])
        raise ValueError('no signature found for builtin type {!r}'.format(obj))
    if isbuiltin(obj):
        raise ValueError('no signature found for builtin {!r}'.format(obj))
    call = getattr(type(obj), '__call__', None)
    if call is not None and isfunction(call):
        return _drop_first(_function_signature(call, cls))
    raise ValueError('callable {!r} is not supported by signature'.format(obj))


def signature(obj, *, follow_wrapped=True, globals=None, locals=None, eval_str=False, annotation_format=None):
    """The Signature of a callable."""
    return Signature.from_callable(obj, follow_wrapped=follow_wrapped)


def _fullargspec():
    from collections import namedtuple
    return namedtuple('FullArgSpec', 'args, varargs, varkw, defaults, kwonlyargs, kwonlydefaults, annotations')


FullArgSpec = _fullargspec()


def getfullargspec(func):
    try:
        sig = _signature_of(func, Signature, follow_wrapped=False)
    except Exception as ex:
        raise TypeError('unsupported callable') from ex
    args, kwonly = [], []
    varargs = varkw = None
    defaults = []
    kwdefaults = {}
    annotations = {}
    if sig.return_annotation is not _empty:
        annotations['return'] = sig.return_annotation
    for p in sig.parameters.values():
        if p.annotation is not _empty:
            annotations[p.name] = p.annotation
        if p.kind in (POSITIONAL_ONLY, POSITIONAL_OR_KEYWORD):
            args.append(p.name)
            if p.default is not _empty:
                defaults.append(p.default)
        elif p.kind == VAR_POSITIONAL:
            varargs = p.name
        elif p.kind == KEYWORD_ONLY:
            kwonly.append(p.name)
            if p.default is not _empty:
                kwdefaults[p.name] = p.default
        else:
            varkw = p.name
    return FullArgSpec(args, varargs, varkw, tuple(defaults) or None, kwonly, kwdefaults or None, annotations)


def getcallargs(func, /, *positional, **named):
    sig = signature(func)
    bound = sig.bind(*positional, **named)
    bound.apply_defaults()
    return dict(bound.arguments)
