"""logging.config for Sandkiste: dictConfig (formatters, filters, handlers,
loggers, root; incremental and disable_existing_loggers) and fileConfig."""
import logging
import logging.handlers

__all__ = ['dictConfig', 'fileConfig']


def _resolve(name):
    if not isinstance(name, str):
        return name
    parts = name.split('.')
    if parts[0] == 'ext':
        parts = parts[1:]
    mod_name = parts[0]
    obj = __import__(mod_name)
    for i, part in enumerate(parts[1:], 1):
        try:
            obj = getattr(obj, part)
        except AttributeError:
            obj = __import__('.'.join(parts[:i + 1]))
            for p in parts[1:i + 1]:
                obj = getattr(obj, p)
    return obj


def _level(value):
    return logging._checkLevel(value) if value is not None else None


def dictConfig(config):
    """Configure logging from a dictionary (schema version 1)."""
    config = dict(config)
    if config.get('version') != 1:
        raise ValueError('Unsupported version: %s' % config.get('version'))
    if config.get('incremental'):
        for name, hc in config.get('handlers', {}).items():
            h = logging.getHandlerByName(name)
            if h is None:
                raise ValueError('No handler found with name %r' % name)
            if 'level' in hc:
                h.setLevel(_level(hc['level']))
        for name, lc in config.get('loggers', {}).items():
            if 'level' in lc:
                logging.getLogger(name).setLevel(_level(lc['level']))
        if 'root' in config and 'level' in config['root']:
            logging.root.setLevel(_level(config['root']['level']))
        return
    formatters = {}
    for name, fc in config.get('formatters', {}).items():
        fc = dict(fc)
        if '()' in fc:
            factory = _resolve(fc.pop('()'))
            formatters[name] = factory(**fc)
            continue
        cls = _resolve(fc.get('class', 'logging.Formatter'))
        kwargs = {}
        if 'validate' in fc:
            kwargs['validate'] = fc['validate']
        if 'defaults' in fc:
            kwargs['defaults'] = fc['defaults']
        formatters[name] = cls(fc.get('format'), fc.get('datefmt'), fc.get('style', '%'), **kwargs)
    filters = {}
    for name, fc in config.get('filters', {}).items():
        fc = dict(fc)
        if '()' in fc:
            filters[name] = _resolve(fc.pop('()'))(**fc)
        else:
            filters[name] = logging.Filter(fc.get('name', ''))
    handlers = {}
    for name, hc in config.get('handlers', {}).items():
        hc = dict(hc)
        if '()' in hc:
            factory = _resolve(hc.pop('()'))
        else:
            factory = _resolve(hc.pop('class'))
        level = hc.pop('level', None)
        fmt = hc.pop('formatter', None)
        flts = hc.pop('filters', [])
        hc.pop('.', None)
        if 'stream' in hc and isinstance(hc['stream'], str) and hc['stream'].startswith('ext://'):
            hc['stream'] = _resolve(hc['stream'][6:])
        if 'target' in hc and isinstance(hc['target'], str):
            hc['target'] = handlers[hc['target']]
        h = factory(**hc)
        h.name = name
        if level is not None:
            h.setLevel(_level(level))
        if fmt is not None:
            h.setFormatter(formatters[fmt])
        for f in flts:
            h.addFilter(filters[f] if isinstance(f, str) else f)
        handlers[name] = h

    def setup(logger, lc):
        if 'level' in lc:
            logger.setLevel(_level(lc['level']))
        for h in logger.handlers[:]:
            logger.removeHandler(h)
        for h in lc.get('handlers', []):
            logger.addHandler(handlers[h])
        for f in lc.get('filters', []):
            logger.addFilter(filters[f] if isinstance(f, str) else f)

    existing = [n for n, lg in logging.Logger.manager.loggerDict.items() if isinstance(lg, logging.Logger)]
    configured = set()
    for name, lc in config.get('loggers', {}).items():
        lg = logging.getLogger(name)
        setup(lg, lc)
        lg.propagate = lc.get('propagate', True)
        lg.disabled = False
        configured.add(name)
    if 'root' in config:
        setup(logging.root, config['root'])
    if config.get('disable_existing_loggers', True):
        for name in existing:
            if name in configured or any(name.startswith(c + '.') for c in configured):
                continue
            logging.getLogger(name).disabled = True


def fileConfig(fname, defaults=None, disable_existing_loggers=True, encoding=None):
    raise NotImplementedError('logging.config.fileConfig is not available (no configparser)')
