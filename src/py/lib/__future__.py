# __future__ — feature records (host code, see stdlib.c).  Every feature is
# mandatory in Python 3.14 except `annotations`, which is a no-op here.

all_feature_names = ['nested_scopes', 'generators', 'division', 'absolute_import', 'with_statement',
                     'print_function', 'unicode_literals', 'barry_as_FLUFL', 'generator_stop', 'annotations']

__all__ = ['all_feature_names'] + all_feature_names


class _Feature:
    """When a feature became available and when it became the default."""

    def __init__(self, optionalRelease, mandatoryRelease, compiler_flag):
        self._info = (optionalRelease, mandatoryRelease, compiler_flag)

    optional = property(lambda self: self._info[0])
    mandatory = property(lambda self: self._info[1])
    compiler_flag = property(lambda self: self._info[2])

    def getOptionalRelease(self):
        return self._info[0]

    def getMandatoryRelease(self):
        return self._info[1]

    def __repr__(self):
        return '_Feature%r' % (self._info,)


nested_scopes = _Feature((2, 1, 0, 'beta', 1), (2, 2, 0, 'alpha', 0), 0x0010)
generators = _Feature((2, 2, 0, 'alpha', 1), (2, 3, 0, 'final', 0), 0)
division = _Feature((2, 2, 0, 'alpha', 2), (3, 0, 0, 'alpha', 0), 0x20000)
absolute_import = _Feature((2, 5, 0, 'alpha', 1), (3, 0, 0, 'alpha', 0), 0x40000)
with_statement = _Feature((2, 5, 0, 'alpha', 1), (2, 6, 0, 'alpha', 0), 0x80000)
print_function = _Feature((2, 6, 0, 'alpha', 2), (3, 0, 0, 'alpha', 0), 0x100000)
unicode_literals = _Feature((2, 6, 0, 'alpha', 2), (3, 0, 0, 'alpha', 0), 0x200000)
barry_as_FLUFL = _Feature((3, 1, 0, 'alpha', 2), (4, 0, 0, 'alpha', 0), 0x400000)
generator_stop = _Feature((3, 5, 0, 'beta', 1), (3, 7, 0, 'alpha', 0), 0x800000)
annotations = _Feature((3, 7, 0, 'beta', 1), None, 0x1000000)
