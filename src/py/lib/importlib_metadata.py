"""importlib.metadata for Sandkiste: no distributions are installed."""

__all__ = ['PackageNotFoundError', 'version', 'metadata', 'distribution', 'distributions', 'packages_distributions',
           'requires', 'files', 'entry_points']


class PackageNotFoundError(ModuleNotFoundError):
    def __str__(self):
        return f'No package metadata was found for {self.name}'

    @property
    def name(self):
        (name,) = self.args
        return name


def distribution(distribution_name):
    raise PackageNotFoundError(distribution_name)


def version(distribution_name):
    raise PackageNotFoundError(distribution_name)


def metadata(distribution_name):
    raise PackageNotFoundError(distribution_name)


def requires(distribution_name):
    raise PackageNotFoundError(distribution_name)


def files(distribution_name):
    raise PackageNotFoundError(distribution_name)


def distributions(**kwargs):
    return iter(())


def packages_distributions():
    return {}


def entry_points(**params):
    return ()
