"""CSV parsing and writing (CPython's csv: reader, writer, DictReader, DictWriter, dialects)."""

__all__ = ['QUOTE_MINIMAL', 'QUOTE_ALL', 'QUOTE_NONNUMERIC', 'QUOTE_NONE', 'QUOTE_STRINGS', 'QUOTE_NOTNULL',
           'Error', 'Dialect', 'excel', 'excel_tab', 'field_size_limit', 'reader', 'writer', 'register_dialect',
           'get_dialect', 'list_dialects', 'Sniffer', 'unregister_dialect', 'DictReader', 'DictWriter',
           'unix_dialect']

QUOTE_MINIMAL, QUOTE_ALL, QUOTE_NONNUMERIC, QUOTE_NONE, QUOTE_STRINGS, QUOTE_NOTNULL = range(6)
__version__ = '1.0'


class Error(Exception):
    pass


Error.__module__ = '_csv'
_field_limit = 131072


def field_size_limit(*args):
    global _field_limit
    old = _field_limit
    if len(args) > 1:
        raise TypeError('field_size_limit expected at most 1 argument, got %d' % len(args))
    if args:
        if not isinstance(args[0], int):
            raise TypeError('limit must be an integer')
        _field_limit = args[0]
    return old


class Dialect:
    _name = ''
    _valid = False
    delimiter = None
    quotechar = None
    escapechar = None
    doublequote = None
    skipinitialspace = None
    lineterminator = None
    quoting = None
    strict = None

    def __init__(self):
        # only subclasses describe a usable dialect; check it right away
        self._valid = type(self) is not Dialect or self._valid
        _validate(_Params(self))


class excel(Dialect):
    delimiter = ','
    quotechar = '"'
    doublequote = True
    skipinitialspace = False
    lineterminator = '\r\n'
    quoting = QUOTE_MINIMAL


class excel_tab(excel):
    delimiter = '\t'


class unix_dialect(Dialect):
    delimiter = ','
    quotechar = '"'
    doublequote = True
    skipinitialspace = False
    lineterminator = '\n'
    quoting = QUOTE_ALL


_dialects = {'excel': excel, 'excel-tab': excel_tab, 'unix': unix_dialect}


def register_dialect(name, dialect=None, **fmtparams):
    if not isinstance(name, str):
        raise TypeError('dialect name must be a string')
    _dialects[name] = _Params(dialect, **fmtparams)


def _known(name):
    try:
        hit = name in _dialects
    except TypeError:
        hit = False
    if not hit:
        raise Error('unknown dialect')


def unregister_dialect(name):
    _known(name)
    _dialects.pop(name)


def get_dialect(name):
    _known(name)
    return _dialects[name]


def list_dialects():
    return list(_dialects)


_ATTRS = ('delimiter', 'quotechar', 'escapechar', 'doublequote', 'skipinitialspace', 'lineterminator', 'quoting',
          'strict')
_DEFAULTS = {'delimiter': ',', 'quotechar': '"', 'escapechar': None, 'doublequote': True, 'skipinitialspace': False,
             'lineterminator': '\r\n', 'quoting': QUOTE_MINIMAL, 'strict': False}


class _Params:
    """A resolved dialect (CPython's _csv.Dialect)."""

    def __init__(self, dialect=None, **kw):
        if isinstance(dialect, str):
            dialect = get_dialect(dialect)
        for k in kw:
            if k not in _ATTRS:
                raise TypeError("'%s' is an invalid keyword argument for Dialect()" % k)
        for a in _ATTRS:
            if a in kw:
                v = kw[a]
            elif dialect is not None and getattr(dialect, a, None) is not None:
                v = getattr(dialect, a)
            else:
                v = _DEFAULTS[a]
            object.__setattr__(self, a, v)
        _validate(self)

    def __setattr__(self, name, value):
        raise AttributeError('attribute is read-only')


def _validate(d):
    def char(name, v, allow_none):
        if v is None:
            if allow_none:
                return
            raise TypeError('"%s" must be a 1-character string' % name)
        if not isinstance(v, str):
            raise TypeError('"%s" must be string%s, not %s' % (name, ' or None' if allow_none else '',
                                                               type(v).__name__))
        if len(v) != 1:
            raise TypeError('"%s" must be a 1-character string' % name)
    char('delimiter', d.delimiter, False)
    char('escapechar', d.escapechar, True)
    if d.quoting not in range(6):
        raise TypeError('bad "quoting" value')
    char('quotechar', d.quotechar, d.quoting == QUOTE_NONE)
    if d.quotechar is None and d.quoting != QUOTE_NONE:
        raise TypeError('quotechar must be set if quoting enabled')
    if not isinstance(d.lineterminator, str):
        raise TypeError('"lineterminator" must be a string, not %s' % type(d.lineterminator).__name__)
    if d.delimiter in (' ',) and d.skipinitialspace:
        raise ValueError('bad delimiter or quotechar value')
    if d.delimiter in ('\r', '\n'):
        raise ValueError('bad delimiter value')
    if d.quotechar is not None and d.quotechar == d.delimiter:
        raise ValueError('bad delimiter or quotechar value')


class _Reader:
    def __init__(self, f, dialect='excel', **fmtparams):
        self._it = iter(f)
        self.dialect = _Params(dialect, **fmtparams)
        self.line_num = 0

    def __iter__(self):
        return self

    def __next__(self):
        d = self.dialect
        fields = []
        field = []
        state = 'start'
        quoted = False
        while True:
            try:
                line = next(self._it)
            except StopIteration:
                if state in ('start',) and not fields and not field:
                    raise
                if state == 'in_quote' and d.strict:
                    raise Error('unexpected end of data')
                if state == 'in_quote' or state == 'escape' or state == 'quote_escape':
                    if d.strict:
                        raise Error('unexpected end of data')
                fields.append(self._finish(''.join(field), quoted))
                return fields
            if not isinstance(line, str):
                raise Error('iterator should return strings, not %s (the file should be opened in text mode)'
                            % type(line).__name__)
            self.line_num += 1
            i = 0
            n = len(line)
            while i < n:
                c = line[i]
                if state == 'start' or state == 'field_start':
                    if c in '\r\n' and state == 'start':
                        i += 1
                        if i >= n or line[i:] in ('\n',):
                            return fields if fields else []
                        continue
                    if c == d.quotechar and d.quoting != QUOTE_NONE:
                        state = 'in_quote'
                        quoted = True
                    elif c == d.escapechar:
                        state = 'escape'
                    elif c == ' ' and d.skipinitialspace:
                        pass
                    elif c == d.delimiter:
                        fields.append(self._finish('', False))
                        state = 'field_start'
                    elif c in '\r\n':
                        fields.append(self._finish('', False))
                        return fields
                    else:
                        field.append(c)
                        state = 'in_field'
                elif state == 'in_field':
                    if c == d.delimiter:
                        fields.append(self._finish(''.join(field), quoted))
                        field = []
                        quoted = False
                        state = 'field_start'
                    elif c == d.escapechar:
                        state = 'escape'
                    elif c in '\r\n':
                        rest = line[i:]
                        if rest not in ('\n', '\r\n', '\r'):
                            raise Error("new-line character seen in unquoted field - do you need to open the file "
                                        "with newline=''?")
                        fields.append(self._finish(''.join(field), quoted))
                        return fields
                    else:
                        field.append(c)
                elif state == 'escape':
                    field.append(c)
                    state = 'in_field'
                elif state == 'in_quote':
                    if c == d.escapechar:
                        state = 'quote_escape'
                    elif c == d.quotechar:
                        state = 'quote_in_quote' if d.doublequote else 'in_field'
                    else:
                        field.append(c)
                elif state == 'quote_escape':
                    field.append(c)
                    state = 'in_quote'
                elif state == 'quote_in_quote':
                    if c == d.quotechar:
                        field.append(c)
                        state = 'in_quote'
                    elif c == d.delimiter:
                        fields.append(self._finish(''.join(field), quoted))
                        field = []
                        quoted = False
                        state = 'field_start'
                    elif c in '\r\n':
                        fields.append(self._finish(''.join(field), quoted))
                        return fields
                    elif not d.strict:
                        field.append(c)
                        state = 'in_field'
                    else:
                        raise Error("'%c' expected after '%c'" % (d.delimiter, d.quotechar))
                if len(field) > _field_limit:
                    raise Error('field larger than field limit (%d)' % _field_limit)
                i += 1
            if state in ('in_field', 'quote_in_quote', 'field_start'):
                fields.append(self._finish(''.join(field), quoted))
                return fields
            if state == 'start':
                return fields
            if state in ('escape',):
                field.append('\n')
                state = 'in_field'

    def _finish(self, s, quoted):
        if self.dialect.quoting == QUOTE_NONNUMERIC and not quoted and s:
            return float(s)
        if self.dialect.quoting == QUOTE_NOTNULL and not quoted and s == '':
            return None
        if self.dialect.quoting == QUOTE_STRINGS and not quoted:
            return None if s == '' else float(s)
        return s


def reader(csvfile, dialect='excel', **fmtparams):
    return _Reader(csvfile, dialect, **fmtparams)


class _Writer:
    def __init__(self, f, dialect='excel', **fmtparams):
        if not hasattr(f, 'write'):
            raise TypeError('argument 1 must have a "write" method')
        self._write = f.write
        self.dialect = _Params(dialect, **fmtparams)

    def _quote(self, field):
        d = self.dialect
        if field is None:
            if d.quoting == QUOTE_NOTNULL or d.quoting == QUOTE_STRINGS:
                return ''
            s = ''
            force = d.quoting == QUOTE_ALL
        else:
            is_str = isinstance(field, str)
            if isinstance(field, float):
                s = repr(field)
            else:
                s = str(field)
            force = (d.quoting == QUOTE_ALL or (d.quoting == QUOTE_NONNUMERIC and not isinstance(field, (int, float)))
                     or (d.quoting == QUOTE_STRINGS and is_str) or d.quoting == QUOTE_NOTNULL and False)
            if d.quoting == QUOTE_NOTNULL:
                force = False
        need = force
        out = []
        for c in s:
            if c == d.delimiter or c == d.quotechar or c in '\r\n' or (d.escapechar and c == d.escapechar):
                if d.quoting == QUOTE_NONE:
                    if d.escapechar is None:
                        raise Error('need to escape, but no escapechar set')
                    out.append(d.escapechar)
                    out.append(c)
                    continue
                if c == d.quotechar:
                    if d.doublequote:
                        out.append(c)
                    elif d.escapechar:
                        out.append(d.escapechar)
                    else:
                        raise Error('need to escape, but no escapechar set')
                elif c == d.escapechar:
                    out.append(d.escapechar)
                need = True
            out.append(c)
        s = ''.join(out)
        if not s and field is not None and isinstance(field, str) and d.quoting != QUOTE_NONE:
            pass
        if need and d.quoting != QUOTE_NONE:
            s = d.quotechar + s + d.quotechar
        return s

    def writerow(self, row):
        try:
            fields = list(row)
        except TypeError:
            raise Error('iterable expected, not %s' % type(row).__name__) from None
        d = self.dialect
        parts = [self._quote(f) for f in fields]
        if len(fields) == 1 and parts[0] == '':
            if d.quoting == QUOTE_NONE:
                raise Error('single empty field record must be quoted')
            parts[0] = d.quotechar * 2
        return self._write(d.delimiter.join(parts) + d.lineterminator)

    def writerows(self, rows):
        for row in rows:
            self.writerow(row)


def writer(csvfile, dialect='excel', **fmtparams):
    return _Writer(csvfile, dialect, **fmtparams)


def _listify(names):
    # a one-shot iterator of names must survive being read several times
    if names is not None and iter(names) is names:
        return list(names)
    return names


class DictReader:
    def __init__(self, f, fieldnames=None, restkey=None, restval=None, dialect='excel', *args, **kwds):
        self._fieldnames = _listify(fieldnames)
        self.restkey, self.restval = restkey, restval
        self.dialect = dialect
        self.reader = reader(f, dialect, *args, **kwds)
        self.line_num = 0

    def __iter__(self):
        return self

    @property
    def fieldnames(self):
        if self._fieldnames is None:
            self._fieldnames = next(self.reader, None)
        self.line_num = self.reader.line_num
        return self._fieldnames

    @fieldnames.setter
    def fieldnames(self, value):
        self._fieldnames = value

    def __next__(self):
        if not self.line_num:
            self.fieldnames            # reads the header line if needed
        row = next(self.reader)
        self.line_num = self.reader.line_num
        while not row:
            row = next(self.reader)     # blank lines are skipped
        names = self.fieldnames
        record = {}
        for k, name in enumerate(names):
            record[name] = row[k] if k < len(row) else self.restval
        if len(row) > len(names):
            record[self.restkey] = row[len(names):]
        return record

    def __class_getitem__(cls, item):
        return cls


class DictWriter:
    def __init__(self, f, fieldnames, restval='', extrasaction='raise', dialect='excel', *args, **kwds):
        self.fieldnames = _listify(fieldnames)
        self.restval = restval
        mode = extrasaction.lower()
        if mode != 'raise' and mode != 'ignore':
            raise ValueError("extrasaction (%s) must be 'raise' or 'ignore'" % mode)
        self.extrasaction = mode
        self.writer = writer(f, dialect, *args, **kwds)

    def writeheader(self):
        return self.writerow({name: name for name in self.fieldnames})

    def _dict_to_list(self, rowdict):
        if self.extrasaction == 'raise':
            unknown = [k for k in rowdict if k not in self.fieldnames]
            if unknown:
                raise ValueError('dict contains fields not in fieldnames: ' + ', '.join(map(repr, unknown)))
        return [rowdict.get(name, self.restval) for name in self.fieldnames]

    def writerow(self, rowdict):
        cells = self._dict_to_list(rowdict)
        return self.writer.writerow(cells)

    def writerows(self, rowdicts):
        for rd in rowdicts:
            self.writerow(rd)

    def __class_getitem__(cls, item):
        return cls


class Sniffer:
    def __init__(self):
        self.preferred = list(',\t; :')

    def sniff(self, sample, delimiters=None):
        lines = [ln for ln in sample.split('\n') if ln.strip()][:20]
        candidates = delimiters or ''.join(self.preferred) + '|'
        best = None
        for delim in list(self.preferred) + [c for c in candidates if c not in self.preferred]:
            if delimiters and delim not in delimiters:
                continue
            counts = [ln.count(delim) for ln in lines]
            if counts and counts[0] > 0 and all(c == counts[0] for c in counts):
                best = delim
                break
        if best is None:
            raise Error('Could not determine delimiter')
        quotechar = '"'
        if sample.count("'") > sample.count('"'):
            quotechar = "'"

        class sniffed(Dialect):
            _name = 'sniffed'
            lineterminator = '\r\n'
            quoting = QUOTE_MINIMAL
        sniffed.delimiter = best
        sniffed.quotechar = quotechar
        sniffed.doublequote = True
        sniffed.skipinitialspace = False
        return sniffed

    def has_header(self, sample):
        rdr = reader(sample.splitlines())
        try:
            header = next(rdr)
        except StopIteration:
            return False
        rows = [r for _, r in zip(range(20), rdr)]
        if not rows:
            return False
        def isnum(s):
            try:
                float(s)
                return True
            except ValueError:
                return False
        votes = 0
        for col, h in enumerate(header):
            vals = [r[col] for r in rows if col < len(r)]
            if not vals:
                continue
            if all(isnum(v) for v in vals):
                votes += -1 if isnum(h) else 1
            elif len(set(len(v) for v in vals)) == 1:
                votes += 1 if len(h) != len(vals[0]) else -1
        return votes > 0
