# types — names for the interpreter's built-in types (host code, see stdlib.c).

import _sk
import sys as _sys


def _f():
    pass


FunctionType = type(_f)
LambdaType = type(lambda: None)
CodeType = type(_f.__code__)
MappingProxyType = type(type.__dict__)
SimpleNamespace = _sk.SimpleNamespace


def _cell_factory():
    a = 1

    def f():
        nonlocal a
    return f.__closure__[0]


CellType = type(_cell_factory())


def _g():
    yield 1


GeneratorType = type(_g())


async def _c():
    pass


_c = _c()
CoroutineType = type(_c)
_c.close()


async def _ag():
    yield


_ag = _ag()
AsyncGeneratorType = type(_ag)


class _C:
    def _m(self):
        pass


MethodType = type(_C()._m)
BuiltinFunctionType = type(len)
BuiltinMethodType = type([].append)
WrapperDescriptorType = type(object.__init__)
MethodWrapperType = type(object().__str__)
MethodDescriptorType = type(str.join)
ClassMethodDescriptorType = type(dict.__dict__['fromkeys'])
ModuleType = type(_sys)
GetSetDescriptorType = type(FunctionType.__code__)
MemberDescriptorType = GetSetDescriptorType
GenericAlias = type(list[int])
UnionType = type(int | str)
EllipsisType = type(Ellipsis)
NoneType = type(None)
NotImplementedType = type(NotImplemented)
del _sys, _c, _ag, _C


def new_class(name, bases=(), kwds=None, exec_body=None):
    resolved_bases = resolve_bases(bases)
    meta, ns, kwds = prepare_class(name, resolved_bases, kwds)
    if exec_body is not None:
        exec_body(ns)
    if resolved_bases is not bases:
        ns['__orig_bases__'] = bases
    return meta(name, resolved_bases, ns, **kwds)


def resolve_bases(bases):
    new_bases = list(bases)
    updated = False
    shift = 0
    for i, base in enumerate(bases):
        if isinstance(base, type):
            continue
        if not hasattr(base, '__mro_entries__'):
            continue
        new_base = base.__mro_entries__(bases)
        updated = True
        if not isinstance(new_base, tuple):
            raise TypeError('__mro_entries__ must return a tuple')
        new_bases[i + shift:i + shift + 1] = new_base
        shift += len(new_base) - 1
    if not updated:
        return bases
    return tuple(new_bases)


def prepare_class(name, bases=(), kwds=None):
    if kwds is None:
        kwds = {}
    else:
        kwds = dict(kwds)
    if 'metaclass' in kwds:
        meta = kwds.pop('metaclass')
    else:
        meta = type(bases[0]) if bases else type
    if hasattr(meta, '__prepare__'):
        ns = meta.__prepare__(name, bases, **kwds)
    else:
        ns = {}
    return meta, ns, kwds


def get_original_bases(cls):
    try:
        return cls.__dict__.get('__orig_bases__', cls.__bases__)
    except AttributeError:
        raise TypeError(f"Expected an instance of type, not {type(cls).__name__!r}") from None


def coroutine(func):
    return func


class DynamicClassAttribute(property):
    pass
