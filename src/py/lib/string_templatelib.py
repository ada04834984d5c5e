"""Support for template string literals (t-strings): string.templatelib."""

t = t'{0}'
Template = type(t)
Interpolation = type(t.interpolations[0])
del t

__all__ = ['Interpolation', 'Template', 'convert']


def convert(obj, /, conversion):
    if conversion is None:
        return obj
    if conversion == 's':
        return str(obj)
    if conversion == 'r':
        return repr(obj)
    if conversion == 'a':
        return ascii(obj)
    raise ValueError(f'invalid conversion specifier: {conversion!r}')
