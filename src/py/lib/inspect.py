"""inspect for Sandkiste: signatures, type predicates, members and source.

There are no frame objects here: currentframe() gives None, stack() [].
Source text is read back from the file a function was compiled from.
"""
import sys
import types

__all__ = ['signature', 'Signature', 'Parameter', 'BoundArguments', 'isfunction', 'ismethod', 'isclass', 'ismodule',
           'isbuiltin', 'isroutine', 'iscoroutinefunction', 'isgeneratorfunction', 'isasyncgenfunction',
           'isgenerator', 'iscoroutine', 'isasyncgen', 'isawaitable', 'isabstract', 'getmembers', 'getdoc',
           'cleandoc', 'getmodule', 'getsource', 'getsourcelines', 'getfile', 'getfullargspec', 'unwrap',
           'get_annotations', 'currentframe', 'stack', 'getmro', 'ismethoddescriptor', 'isdatadescriptor',
           'getattr_static', 'getcallargs', 'markcoroutinefunction', 'iscode', 'isframe', 'istraceback',
           'FullArgSpec', 'getclosurevars', 'CO_VARARGS', 'CO_VARKEYWORDS']

# code object flag bits (values are those of CPython)
CO_OPTIMIZED, CO_NEWLOCALS, CO_VARARGS, CO_VARKEYWORDS = 1, 2, 4, 8
CO_NESTED, CO_GENERATOR, CO_NOFREE, CO_COROUTINE = 16, 32, 64, 128
CO_ITERABLE_COROUTINE, CO_ASYNC_GENERATOR = 256, 512

_FN = type(lambda: None)
_BUILTIN = type(len)
_BOUND = type(type('_Probe', (), {'m': lambda self: None})().m)
_NOT_CODE = 'module, class, method, function, traceback, frame, or code object was expected, got {}'


class _empty:
    """Marker: no default / no annotation."""


class _void:
    """Marker: leave unchanged (replace())."""


# ---- predicates ------------------------------------------------------------
def ismodule(object):
    return isinstance(object, types.ModuleType)


def isclass(object):
    return isinstance(object, type)


def ismethod(object):
    return isinstance(object, _BOUND)


def isfunction(object):
    return isinstance(object, _FN)


def isbuiltin(object):
    return isinstance(object, _BUILTIN)


def _plain(obj):
    return isinstance(obj, (type, _BOUND, _FN))


def ismethoddescriptor(object):
    if _plain(object):
        return False
    t = type(object)
    return hasattr(t, '__get__') and not (hasattr(t, '__set__') or hasattr(t, '__delete__'))


def isdatadescriptor(object):
    if _plain(object):
        return False
    t = type(object)
    return hasattr(t, '__set__') or hasattr(t, '__delete__')


def isroutine(object):
    return isinstance(object, (_BUILTIN, _FN, _BOUND)) or ismethoddescriptor(object)


_CORO_TAG = object()


def _innermost(f):
    """Peel wrappers, bound methods and partials down to a plain function."""
    if callable(f):
        f = unwrap(f, stop=lambda x: getattr(x, '_is_coroutine_marker', None) is not None)
    while True:
        if isinstance(f, _BOUND):
            f = f.__func__
        elif type(f).__name__ in ('partial', 'partialmethod') and hasattr(f, 'func'):
            f = f.func
        else:
            return f


def _code_flag(obj, bit):
    f = _innermost(obj)
    return isinstance(f, _FN) and (f.__code__.co_flags & bit) != 0


def isgeneratorfunction(obj):
    return _code_flag(obj, CO_GENERATOR)


def iscoroutinefunction(obj):
    return getattr(obj, '_is_coroutine_marker', None) is _CORO_TAG or _code_flag(obj, CO_COROUTINE)


def isasyncgenfunction(obj):
    return _code_flag(obj, CO_ASYNC_GENERATOR)


def markcoroutinefunction(func):
    target = getattr(func, '__func__', func)
    target._is_coroutine_marker = _CORO_TAG
    return target


def _typename_is(obj, name):
    return type(obj).__name__ == name


def isgenerator(object):
    return _typename_is(object, 'generator')


def iscoroutine(object):
    return _typename_is(object, 'coroutine')


def isasyncgen(object):
    return _typename_is(object, 'async_generator')


def isawaitable(object):
    return iscoroutine(object) or hasattr(type(object), '__await__')


def iscode(object):
    return _typename_is(object, 'code')


def isframe(object):
    return False


def istraceback(object):
    return False


def isabstract(object):
    return isinstance(object, type) and bool(getattr(object, '__abstractmethods__', None))


def currentframe():
    return None


def stack(context=1):
    return []


def trace(context=1):
    return []


def getmro(cls):
    return cls.__mro__


def unwrap(func, *, stop=None):
    """Follow the chain of __wrapped__ attributes."""
    cur = func
    visited = set()
    while hasattr(cur, '__wrapped__') and not (stop is not None and stop(cur)):
        visited.add(id(cur))
        cur = cur.__wrapped__
        if id(cur) in visited:
            raise ValueError('wrapper loop when unwrapping {!r}'.format(func))
    return cur


# ---- members and documentation ---------------------------------------------
def getmembers(object, predicate=None):
    """Sorted (name, value) pairs of the attributes of object."""
    names = set(dir(object))
    if isinstance(object, type):
        for klass in object.__mro__:
            names.update(klass.__dict__)
    found = []
    for nm in sorted(names):
        try:
            val = getattr(object, nm)
        except AttributeError:
            continue
        if predicate is None or predicate(val):
            found.append((nm, val))
    return found


def getmembers_static(object, predicate=None):
    return getmembers(object, predicate)


def getattr_static(obj, attr, default=_empty):
    if isinstance(obj, type):
        chain = list(obj.__mro__)
    else:
        chain = [obj] + list(type(obj).__mro__)
    for holder in chain:
        ns = getattr(holder, '__dict__', None)
        if ns is not None and attr in ns:
            return ns[attr]
    if default is _empty:
        raise AttributeError(attr)
    return default


def cleandoc(doc):
    """Remove the common leading blank columns of a docstring's body."""
    rows = doc.expandtabs().split('\n')
    widths = [len(r) - len(r.lstrip(' ')) for r in rows[1:] if r.strip(' ')]
    cut = min(widths) if widths else 0
    rows = [rows[0].lstrip(' ')] + [r[cut:] for r in rows[1:]]
    lo, hi = 0, len(rows)
    while hi > lo and not rows[hi - 1]:
        hi -= 1
    while lo < hi and not rows[lo]:
        lo += 1
    return '\n'.join(rows[lo:hi])


def getdoc(object):
    try:
        text = object.__doc__
    except AttributeError:
        return None
    if text is None and isinstance(object, type):
        for klass in object.__mro__[1:]:
            if klass is object:
                break
            if klass.__doc__ is not None:
                text = klass.__doc__
                break
    return cleandoc(text) if isinstance(text, str) else None


def getcomments(object):
    return None


def getmodule(object, _filename=None):
    if ismodule(object):
        return object
    modname = getattr(object, '__module__', None)
    return None if modname is None else sys.modules.get(modname)


def getfile(object):
    if ismodule(object):
        where = getattr(object, '__file__', None)
        if not where:
            raise TypeError('{!r} is a built-in module'.format(object))
        return where
    if isinstance(object, type):
        where = getattr(sys.modules.get(object.__module__), '__file__', None)
        if not where:
            raise TypeError('{!r} is a built-in class'.format(object))
        return where
    fn = object.__func__ if ismethod(object) else object
    if isinstance(fn, _FN):
        return fn.__code__.co_filename
    raise TypeError(_NOT_CODE.format(type(object).__name__))


getsourcefile = getfile


def _indent_of(line):
    return len(line) - len(line.lstrip())


def getsourcelines(object):
    """(lines, first line number) for a function or method."""
    fn = unwrap(object)
    fn = getattr(fn, '__func__', fn) if ismethod(fn) else fn
    if not isinstance(fn, _FN):
        raise TypeError(_NOT_CODE.format(type(fn).__name__))
    co = fn.__code__
    try:
        with open(co.co_filename, encoding='utf-8') as fh:
            text = fh.read().splitlines(True)
    except (ValueError, OSError):
        raise OSError('could not get source code') from None
    top = co.co_firstlineno - 1
    if top < 0 or top >= len(text):
        raise OSError('could not get source code')
    while top and text[top - 1].lstrip().startswith('@'):
        top -= 1
    base = _indent_of(text[top])
    stop = top + 1
    for stop in range(top + 1, len(text) + 1):
        if stop == len(text):
            break
        body = text[stop].strip()
        if body and _indent_of(text[stop]) <= base and body[0] not in '#)]}':
            break
    while stop > top + 1 and not text[stop - 1].strip():
        stop -= 1
    return text[top:stop], top + 1


def getsource(object):
    return ''.join(getsourcelines(object)[0])


def get_annotations(obj, *, globals=None, locals=None, eval_str=False, format=None):
    if isinstance(obj, type):
        found = obj.__dict__.get('__annotations__')
    else:
        found = getattr(obj, '__annotations__', None)
    if found is None:
        return {}
    if isinstance(found, dict):
        return dict(found)
    raise ValueError(f'{obj!r}.__annotations__ is neither a dict nor None')


def getclosurevars(func):
    import builtins
    from collections import namedtuple as _nt
    result_type = _nt('ClosureVars', 'nonlocals globals builtins unbound')
    co = func.__code__
    cells = {}
    for nm, cell in zip(co.co_freevars, func.__closure__ or ()):
        try:
            cells[nm] = cell.cell_contents
        except ValueError:
            pass
    glob_ns = func.__globals__
    g, b, missing = {}, {}, set()
    for nm in co.co_names:
        if nm in glob_ns:
            g[nm] = glob_ns[nm]
        elif hasattr(builtins, nm):
            b[nm] = getattr(builtins, nm)
        else:
            missing.add(nm)
    return result_type(cells, g, b, missing)


# ---- parameter kinds ---------------------------------------------------------
class _ParameterKind(int):
    _LABELS = (('POSITIONAL_ONLY', 'positional-only'),
               ('POSITIONAL_OR_KEYWORD', 'positional or keyword'),
               ('VAR_POSITIONAL', 'variadic positional'),
               ('KEYWORD_ONLY', 'keyword-only'),
               ('VAR_KEYWORD', 'variadic keyword'))

    name = property(lambda self: self._LABELS[self][0])
    description = property(lambda self: self._LABELS[self][1])

    def __str__(self):
        return self.name

    def __repr__(self):
        return '<_ParameterKind.%s: %d>' % (self.name, int(self))


POSITIONAL_ONLY, POSITIONAL_OR_KEYWORD, VAR_POSITIONAL, KEYWORD_ONLY, VAR_KEYWORD = (
    _ParameterKind(i) for i in range(5))
_BY_POSITION = (POSITIONAL_ONLY, POSITIONAL_OR_KEYWORD)
_STARRED = (VAR_POSITIONAL, VAR_KEYWORD)
_AFTER_STAR = (KEYWORD_ONLY, VAR_KEYWORD)


def _show_annotation(a):
    if not isinstance(a, type):
        return repr(a)
    if a.__module__ == 'builtins':
        return a.__qualname__
    return '%s.%s' % (a.__module__, a.__qualname__)


class Parameter:
    """A single parameter of a Signature (immutable)."""

    __slots__ = ('_name', '_kind', '_default', '_annotation')

    POSITIONAL_ONLY = POSITIONAL_ONLY
    POSITIONAL_OR_KEYWORD = POSITIONAL_OR_KEYWORD
    VAR_POSITIONAL = VAR_POSITIONAL
    KEYWORD_ONLY = KEYWORD_ONLY
    VAR_KEYWORD = VAR_KEYWORD
    empty = _empty

    def __init__(self, name, kind, *, default=_empty, annotation=_empty):
        if kind not in (0, 1, 2, 3, 4):
            raise ValueError(f'value {kind!r} is not a valid Parameter.kind')
        kind = _ParameterKind(kind)
        if kind in _STARRED and default is not _empty:
            raise ValueError(f'{kind.description} parameters cannot have default values')
        if not isinstance(name, str):
            raise TypeError('name must be a str, not a ' + type(name).__name__)
        if not name.isidentifier():
            raise ValueError('%r is not a valid parameter name' % (name,))
        self._name, self._kind = name, kind
        self._default, self._annotation = default, annotation

    name = property(lambda self: self._name)
    kind = property(lambda self: self._kind)
    default = property(lambda self: self._default)
    annotation = property(lambda self: self._annotation)

    def replace(self, *, name=None, kind=None, default=None, annotation=None):
        pick = lambda new, old: old if new is None else new
        return type(self)(pick(name, self._name), pick(kind, self._kind),
                          default=pick(default, self._default), annotation=pick(annotation, self._annotation))

    __replace__ = replace

    def _key(self):
        return (self._name, self._kind, self._annotation, self._default)

    def __str__(self):
        has_ann = self._annotation is not _empty
        out = self._name
        if has_ann:
            out += ': ' + _show_annotation(self._annotation)
        dflt = self._default
        if dflt is not _empty:
            out += (' = ' if has_ann else '=') + repr(dflt)
        return {VAR_POSITIONAL: '*', VAR_KEYWORD: '**'}.get(self._kind, '') + out

    def __repr__(self):
        return '<%s "%s">' % (type(self).__name__, self)

    def __hash__(self):
        return hash(self._key())

    def __eq__(self, other):
        if isinstance(other, Parameter):
            return self is other or self._key() == other._key()
        return NotImplemented


class BoundArguments:
    """Arguments bound to a signature's parameters, by name."""

    __slots__ = ('arguments', '_signature')

    def __init__(self, signature, arguments):
        self._signature, self.arguments = signature, arguments

    signature = property(lambda self: self._signature)

    def _split(self):
        """Walk parameters: positional part until the first gap or keyword."""
        pos, kw = [], {}
        in_kw = False
        for nm, prm in self._signature.parameters.items():
            if not in_kw and (prm.kind in _AFTER_STAR or nm not in self.arguments):
                in_kw = True
            if nm not in self.arguments:
                continue
            val = self.arguments[nm]
            if not in_kw:
                if prm.kind == VAR_POSITIONAL:
                    pos.extend(val)
                else:
                    pos.append(val)
            elif prm.kind == VAR_KEYWORD:
                kw.update(val)
            elif prm.kind != VAR_POSITIONAL:
                kw[nm] = val
        return tuple(pos), kw

    args = property(lambda self: self._split()[0])
    kwargs = property(lambda self: self._split()[1])

    def apply_defaults(self):
        filled = {}
        for nm, prm in self._signature.parameters.items():
            if nm in self.arguments:
                filled[nm] = self.arguments[nm]
            elif prm.default is not _empty:
                filled[nm] = prm.default
            elif prm.kind in _STARRED:
                filled[nm] = () if prm.kind == VAR_POSITIONAL else {}
        self.arguments = filled

    def __eq__(self, other):
        if isinstance(other, BoundArguments):
            return (self.signature, self.arguments) == (other.signature, other.arguments)
        return NotImplemented

    def __repr__(self):
        inner = ', '.join('%s=%r' % kv for kv in self.arguments.items())
        return '<%s (%s)>' % (type(self).__name__, inner)


class Signature:
    """Parameters and return annotation of a callable."""

    __slots__ = ('_parameters', '_return_annotation')
    empty = _empty

    def __init__(self, parameters=None, *, return_annotation=_empty, __validate_parameters__=True):
        table = {}
        check = __validate_parameters__
        prev = POSITIONAL_ONLY
        defaulted = False
        for prm in parameters or ():
            if check:
                _check_order(prev, prm, defaulted, table)
                if prm.kind in _BY_POSITION and prm.default is not _empty:
                    defaulted = True
            prev = prm.kind
            table[prm.name] = prm
        mp = getattr(types, 'MappingProxyType', None)
        self._parameters, self._return_annotation = (mp(table) if mp else table), return_annotation

    @classmethod
    def from_callable(cls, obj, *, follow_wrapped=True, globals=None, locals=None, eval_str=False):
        return _sig_for(obj, cls, follow_wrapped)

    parameters = property(lambda self: self._parameters)
    return_annotation = property(lambda self: self._return_annotation)

    def replace(self, *, parameters=_void, return_annotation=_void):
        prms = self._parameters.values() if parameters is _void else parameters
        ret = self._return_annotation if return_annotation is _void else return_annotation
        return type(self)(prms, return_annotation=ret)

    __replace__ = replace

    def __hash__(self):
        return hash((tuple(self._parameters.values()), self._return_annotation))

    def __eq__(self, other):
        if not isinstance(other, Signature):
            return NotImplemented
        mine = (self._return_annotation, list(self._parameters.values()))
        return self is other or mine == (other._return_annotation, list(other._parameters.values()))

    def _bind(self, args, kwargs, partial=False):
        return _do_bind(self, list(args), dict(kwargs), partial)

    def bind(self, /, *args, **kwargs):
        return _do_bind(self, list(args), dict(kwargs), False)

    def bind_partial(self, /, *args, **kwargs):
        return _do_bind(self, list(args), dict(kwargs), True)

    def __str__(self):
        pieces = []
        prev = None
        star_seen = False
        for prm in self._parameters.values():
            k = prm.kind
            if prev == POSITIONAL_ONLY and k != POSITIONAL_ONLY:
                pieces.append('/')
            if k == VAR_POSITIONAL:
                star_seen = True
            elif k == KEYWORD_ONLY and not star_seen:
                pieces.append('*')
                star_seen = True
            pieces.append(str(prm))
            prev = k
        if prev == POSITIONAL_ONLY:
            pieces.append('/')
        out = '(' + ', '.join(pieces) + ')'
        if self._return_annotation is not _empty:
            out += ' -> ' + _show_annotation(self._return_annotation)
        return out

    def __repr__(self):
        return '<%s %s>' % (type(self).__name__, self)

    def format(self, *, max_width=None):
        return str(self)


def _check_order(prev, prm, defaulted, table):
    if prm.kind < prev:
        raise ValueError('wrong parameter order: {} parameter before {} parameter'.format(
            prev.description, prm.kind.description))
    if prm.kind in _BY_POSITION and prm.default is _empty and defaulted:
        raise ValueError('non-default argument follows default argument')
    if prm.name in table:
        raise ValueError('duplicate parameter name: {!r}'.format(prm.name))


def _do_bind(sig, args, kwargs, partial):
    prms = list(sig._parameters.values())
    out = {}
    idx = 0
    # positional arguments fill parameters from the left
    while args:
        if idx >= len(prms) or prms[idx].kind in _AFTER_STAR:
            raise TypeError('too many positional arguments') from None
        prm = prms[idx]
        if prm.kind == VAR_POSITIONAL:
            out[prm.name] = tuple(args)
            args = []
        else:
            if prm.kind != POSITIONAL_ONLY and prm.name in kwargs:
                raise TypeError('multiple values for argument {!r}'.format(prm.name)) from None
            out[prm.name] = args.pop(0)
        idx += 1
    catch_all = None
    for prm in prms:
        if prm.kind == VAR_KEYWORD:
            catch_all = prm
    for prm in prms[idx:]:
        if prm.kind in _STARRED:
            continue
        if prm.kind != POSITIONAL_ONLY and prm.name in kwargs:
            out[prm.name] = kwargs.pop(prm.name)
            continue
        if partial or prm.default is not _empty:
            continue
        if prm.kind == POSITIONAL_ONLY and prm.name in kwargs and catch_all is None:
            raise TypeError('{!r} parameter is positional only, but was passed as a keyword'.format(
                prm.name)) from None
        extra = ' keyword-only' if prm.kind == KEYWORD_ONLY else ''
        raise TypeError('missing a required%s argument: %r' % (extra, prm.name)) from None
    if kwargs:
        if catch_all is None:
            raise TypeError('got an unexpected keyword argument {!r}'.format(next(iter(kwargs))))
        out[catch_all.name] = kwargs
    return BoundArguments(sig, out)


# ---- computing signatures --------------------------------------------------------
def _from_code(fn, cls):
    co = fn.__code__
    n_pos, n_po, n_kw = co.co_argcount, co.co_posonlyargcount, co.co_kwonlyargcount
    names = co.co_varnames
    anns = getattr(fn, '__annotations__', None) or {}
    defs = fn.__defaults__ or ()
    kwdefs = fn.__kwdefaults__ or {}
    made = []

    def add(nm, kind, dflt=_empty):
        made.append(Parameter(nm, kind, default=dflt, annotation=anns.get(nm, _empty)))

    lead = n_pos - len(defs)
    for i in range(n_pos):
        add(names[i], POSITIONAL_ONLY if i < n_po else POSITIONAL_OR_KEYWORD, defs[i - lead] if i >= lead else _empty)
    slot = n_pos + n_kw
    flags = co.co_flags
    if flags & CO_VARARGS:
        add(names[slot], VAR_POSITIONAL)
        slot += 1
    for nm in names[n_pos:n_pos + n_kw]:
        add(nm, KEYWORD_ONLY, kwdefs.get(nm, _empty))
    if flags & CO_VARKEYWORDS:
        add(names[slot], VAR_KEYWORD)
    return cls(made, return_annotation=anns.get('return', _empty), __validate_parameters__=False)


def _skip_self(sig):
    prms = list(sig.parameters.values())
    if not prms or prms[0].kind in _AFTER_STAR:
        raise ValueError('invalid method signature')
    return sig if prms[0].kind == VAR_POSITIONAL else sig.replace(parameters=prms[1:])


def _partial_sig(obj, cls, follow):
    inner = _sig_for(obj.func, cls, follow)
    fixed = []
    now_kw = False
    for prm in list(inner.parameters.values())[len(obj.args):]:
        if prm.name in obj.keywords:
            newkind = KEYWORD_ONLY if prm.kind == POSITIONAL_OR_KEYWORD else prm.kind
            prm = prm.replace(default=obj.keywords[prm.name], kind=newkind)
        now_kw = now_kw or prm.kind == KEYWORD_ONLY
        if now_kw and prm.kind == POSITIONAL_OR_KEYWORD:
            prm = prm.replace(kind=KEYWORD_ONLY)
        fixed.append(prm)
    return inner.replace(parameters=fixed)


def _class_sig(klass, cls):
    for hook in ('__new__', '__init__'):
        owner = next((k for k in klass.__mro__ if hook in k.__dict__), None)
        if owner is None or owner is object:
            continue
        impl = owner.__dict__[hook]
        if isinstance(impl, staticmethod):
            impl = impl.__func__
        if isinstance(impl, _FN):
            return _skip_self(_from_code(impl, cls))
    if klass.__init__ is object.__init__ and klass.__new__ is object.__new__:
        return cls([])
    raise ValueError('no signature found for builtin type {!r}'.format(klass))


def _sig_for(obj, cls=Signature, follow=True):
    if not callable(obj):
        raise TypeError('{!r} is not a callable object'.format(obj))
    if isinstance(obj, _BOUND):
        return _skip_self(_sig_for(obj.__func__, cls, follow))
    if follow:
        obj = unwrap(obj, stop=lambda x: hasattr(x, '__signature__'))
        if isinstance(obj, _BOUND):
            return _sig_for(obj, cls, follow)
    given = getattr(obj, '__signature__', None)
    if given is not None:
        if isinstance(given, Signature):
            return given
        raise TypeError('unexpected object {!r} in __signature__ attribute'.format(given))
    if isinstance(obj, _FN):
        return _from_code(obj, cls)
    if type(obj).__name__ == 'partial' and hasattr(obj, 'func'):
        return _partial_sig(obj, cls, follow)
    if isinstance(obj, type):
        return _class_sig(obj, cls)
    if isinstance(obj, _BUILTIN):
        raise ValueError('no signature found for builtin {!r}'.format(obj))
    meth = getattr(type(obj), '__call__', None)
    if isinstance(meth, _FN):
        return _skip_self(_from_code(meth, cls))
    raise ValueError('callable {!r} is not supported by signature'.format(obj))


def signature(obj, *, follow_wrapped=True, globals=None, locals=None, eval_str=False, annotation_format=None):
    """Signature of a callable."""
    return Signature.from_callable(obj, follow_wrapped=follow_wrapped)


def _make_fullargspec():
    from collections import namedtuple as _nt
    return _nt('FullArgSpec', 'args, varargs, varkw, defaults, kwonlyargs, kwonlydefaults, annotations')


FullArgSpec = _make_fullargspec()


def getfullargspec(func):
    try:
        sig = _sig_for(func, Signature, False)
    except Exception as ex:
        raise TypeError('unsupported callable') from ex
    spec = {'args': [], 'varargs': None, 'varkw': None, 'kwonlyargs': []}
    pos_defaults, kw_defaults = [], {}
    anns = {} if sig.return_annotation is _empty else {'return': sig.return_annotation}
    for prm in sig.parameters.values():
        if prm.annotation is not _empty:
            anns[prm.name] = prm.annotation
        k = prm.kind
        if k in _BY_POSITION:
            spec['args'].append(prm.name)
            if prm.default is not _empty:
                pos_defaults.append(prm.default)
        elif k == KEYWORD_ONLY:
            spec['kwonlyargs'].append(prm.name)
            if prm.default is not _empty:
                kw_defaults[prm.name] = prm.default
        else:
            spec['varargs' if k == VAR_POSITIONAL else 'varkw'] = prm.name
    return FullArgSpec(spec['args'], spec['varargs'], spec['varkw'], tuple(pos_defaults) or None,
                       spec['kwonlyargs'], kw_defaults or None, anns)


def getcallargs(func, /, *positional, **named):
    ba = signature(func).bind(*positional, **named)
    ba.apply_defaults()
    return dict(ba.arguments)
