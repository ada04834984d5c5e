# types — names for the interpreter's built-in types (host code, see stdlib.c).

import _sk
import sys as _sys


def _probe():
    """Make one object of each kind and return {public name: its type}."""
    def plain():
        pass

    def gen():
        yield 0

    async def coro():
        pass

    async def agen():
        yield 0

    def closure_cell():
        held = 0
        return (lambda: held).__closure__[0]

    class Holder:
        def method(self):
            pass

    pending = coro()
    kind_of_coro = type(pending)
    pending.close()
    fn = type(plain)
    return {
        'FunctionType': fn, 'LambdaType': fn, 'CodeType': type(plain.__code__),
        'MappingProxyType': type(type.__dict__), 'CellType': type(closure_cell()),
        'GeneratorType': type(gen()), 'CoroutineType': kind_of_coro,
        'AsyncGeneratorType': type(agen()), 'MethodType': type(Holder().method),
        'BuiltinFunctionType': type(len), 'BuiltinMethodType': type([].append),
        'WrapperDescriptorType': type(object.__init__), 'MethodWrapperType': type(object().__str__),
        'MethodDescriptorType': type(str.join),
        'ClassMethodDescriptorType': type(dict.__dict__['fromkeys']),
        'ModuleType': type(_sys), 'GetSetDescriptorType': type(fn.__code__),
        'MemberDescriptorType': type(fn.__code__), 'GenericAlias': type(list[int]),
        'UnionType': type(int | str), 'EllipsisType': type(...), 'NoneType': type(None),
        'NotImplementedType': type(NotImplemented),
    }


globals().update(_probe())
SimpleNamespace = _sk.SimpleNamespace
del _probe, _sys


def _most_derived_meta(meta, bases):
    best = meta
    for b in bases:
        other = type(b)
        if issubclass(best, other):
            continue
        if not issubclass(other, best):
            raise TypeError('metaclass conflict: the metaclass of a derived class must be a '
                            '(non-strict) subclass of the metaclasses of all its bases')
        best = other
    return best


def resolve_bases(bases):
    out = []
    changed = False
    for b in bases:
        hook = None if isinstance(b, type) else getattr(b, '__mro_entries__', None)
        if hook is None:
            out.append(b)
            continue
        entries = hook(bases)
        if not isinstance(entries, tuple):
            raise TypeError('__mro_entries__ must return a tuple')
        out.extend(entries)
        changed = True
    return tuple(out) if changed else bases


def prepare_class(name, bases=(), kwds=None):
    kw = dict(kwds) if kwds is not None else {}
    meta = kw.pop('metaclass', type)
    if isinstance(meta, type):
        meta = _most_derived_meta(meta, bases)
    prep = getattr(meta, '__prepare__', None)
    ns = prep(name, bases, **kw) if prep is not None else {}
    return meta, ns, kw


def new_class(name, bases=(), kwds=None, exec_body=None):
    real = resolve_bases(bases)
    meta, ns, kw = prepare_class(name, real, kwds)
    if exec_body is not None:
        exec_body(ns)
    if real is not bases:
        ns['__orig_bases__'] = bases
    return meta(name, real, ns, **kw)


def get_original_bases(cls):
    if not isinstance(cls, type):
        raise TypeError(f'Expected an instance of type, not {type(cls).__name__!r}')
    return cls.__dict__.get('__orig_bases__', cls.__bases__)


def coroutine(func):
    return func


class DynamicClassAttribute(property):
    pass
