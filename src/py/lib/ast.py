"""ast for Sandkiste: literal_eval() only (this interpreter does not expose
its syntax trees; parse() raises NotImplementedError).

literal_eval accepts exactly what CPython's does (strings, bytes, numbers,
complex sums, tuples, lists, dicts, sets, set(), booleans, None, Ellipsis),
raises SyntaxError for invalid Python and ValueError('malformed node or
string ...') otherwise.
"""

__all__ = ['literal_eval', 'parse', 'dump', 'PyCF_ONLY_AST']

PyCF_ONLY_AST = 1024


def parse(source, filename='<unknown>', mode='exec', *, type_comments=False, feature_version=None,
          optimize=-1):
    raise NotImplementedError('ast.parse is not available in this interpreter')


def dump(node, annotate_fields=True, include_attributes=False, *, indent=None, show_empty=False):
    raise NotImplementedError('ast.dump is not available in this interpreter')


class _Node:
    """Stands in for the AST node a malformed literal would be reported as."""

    def __init__(self, kind):
        self.kind = kind

    def __repr__(self):
        return '<ast.%s object at %#x>' % (self.kind, id(self))


def _malformed(kind, line=1):
    raise ValueError(f'malformed node or string on line {line}: {_Node(kind)!r}')


_PUNCT = '()[]{},:+-*/%@&|^~<>=.!'


def _tokens(src):
    """(kind, text, line) tokens: str, num, name, op."""
    out = []
    i = 0
    n = len(src)
    line = 1
    while i < n:
        c = src[i]
        if c in ' \t\f\r':
            i += 1
            continue
        if c == '\n':
            line += 1
            i += 1
            continue
        if c == '\\' and src[i + 1:i + 2] == '\n':
            i += 2
            line += 1
            continue
        if c == '#':
            while i < n and src[i] != '\n':
                i += 1
            continue
        j = i
        while j < n and src[j].isalpha() and j - i < 3:
            j += 1
        prefix = src[i:j].lower()
        if j < n and src[j] in '\'"' and prefix in ('', 'r', 'u', 'b', 'br', 'rb', 'f', 'rf', 'fr', 't', 'rt',
                                                      'tr'):
            q = src[j]
            triple = src[j:j + 3] == q * 3
            k = j + (3 if triple else 1)
            raw = 'r' in prefix
            while k < n:
                if src[k] == '\\' and not (raw and False):
                    k += 2
                    continue
                if triple and src[k:k + 3] == q * 3:
                    k += 3
                    break
                if not triple and src[k] == q:
                    k += 1
                    break
                if src[k] == '\n':
                    line += 1
                k += 1
            out.append(('fstr' if ('f' in prefix or 't' in prefix) else 'str', src[i:k], line))
            i = k
            continue
        if c.isdigit() or (c == '.' and i + 1 < n and src[i + 1].isdigit()):
            k = i
            while k < n and (src[k].isalnum() or src[k] in '._' or
                             (src[k] in '+-' and src[k - 1] in 'eE' and not src[i:k].lower().startswith('0x'))):
                k += 1
            out.append(('num', src[i:k], line))
            i = k
            continue
        if c.isalpha() or c == '_' or ord(c) > 127:
            k = i
            while k < n and (src[k].isalnum() or src[k] == '_' or ord(src[k]) > 127):
                k += 1
            out.append(('name', src[i:k], line))
            i = k
            continue
        if src.startswith('...', i):
            out.append(('name', '...', line))
            i += 3
            continue
        out.append(('op', c, line))
        i += 1
    return out


class _LiteralParser:
    def __init__(self, toks):
        self.toks = toks
        self.pos = 0

    def peek(self, k=0):
        p = self.pos + k
        return self.toks[p] if p < len(self.toks) else ('end', '', self.toks[-1][2] if self.toks else 1)

    def take(self):
        t = self.peek()
        self.pos += 1
        return t

    def expr(self):
        """A value, checking what follows for operators CPython rejects."""
        start = self.peek()
        value = self.unary()
        nxt = self.peek()
        if nxt[0] == 'op' and nxt[1] in '+-':
            # Only number +/- imaginary is a literal.
            self.take()
            right_tok = self.peek()
            right = self.unary(allow_sign=False)
            if (isinstance(value, (int, float)) and not isinstance(value, bool) and isinstance(right, complex)
                    and right_tok[0] == 'num'):
                return value + right if nxt[1] == '+' else value - right
            _malformed('BinOp', start[2])
        if nxt[0] == 'op' and nxt[1] in '*/%@&|^<>=.!':
            _malformed('BinOp' if nxt[1] not in '.<>=!' else ('Attribute' if nxt[1] == '.' else 'Compare'),
                       start[2])
        if nxt[0] == 'op' and nxt[1] in '([' and start[0] in ('name', 'str', 'num'):
            _malformed('Call' if nxt[1] == '(' else 'Subscript', start[2])
        return value

    def unary(self, allow_sign=True):
        t = self.peek()
        if t[0] == 'op' and t[1] in '+-' and allow_sign:
            self.take()
            inner = self.peek()
            if inner[0] != 'num':
                _malformed('UnaryOp', t[2])
            v = self.atom()
            return -v if t[1] == '-' else +v
        return self.atom()

    def atom(self):
        t = self.take()
        kind, text, line = t
        if kind == 'str':
            parts = [eval(text)]
            while self.peek()[0] in ('str', 'fstr'):
                nt = self.take()
                if nt[0] == 'fstr':
                    _malformed('JoinedStr', line)
                parts.append(eval(nt[1]))
            if all(isinstance(p, str) for p in parts):
                return ''.join(parts)
            return b''.join(parts)
        if kind == 'fstr':
            _malformed('JoinedStr', line)
        if kind == 'num':
            return eval(text)
        if kind == 'name':
            if text == 'True':
                return True
            if text == 'False':
                return False
            if text == 'None':
                return None
            if text == '...':
                return ...
            if text == 'set' and self.peek()[1] == '(' and self.peek(1)[1] == ')':
                self.pos += 2
                return set()
            if self.peek()[1] == '(':
                _malformed('Call', line)
            _malformed('Name', line)
        if kind == 'op':
            if text == '(':
                items, trailing = self.seq(')')
                if len(items) == 1 and not trailing:
                    return items[0]
                return tuple(items)
            if text == '[':
                return list(self.seq(']')[0])
            if text == '{':
                return self.braces()
        _malformed('Expr', line)

    def seq(self, close):
        items = []
        trailing = False
        while self.peek()[1] != close:
            if self.peek()[0] == 'op' and self.peek()[1] == '*':
                _malformed('Starred', self.peek()[2])
            items.append(self.expr())
            trailing = False
            if self.peek()[1] == ',':
                self.take()
                trailing = True
            elif self.peek()[1] != close:
                _malformed('Expr', self.peek()[2])
        self.take()
        return items, trailing

    def braces(self):
        if self.peek()[1] == '}':
            self.take()
            return {}
        first = self.expr()
        if self.peek()[1] == ':':
            d = {}
            self.take()
            d[first] = self.expr()
            while self.peek()[1] == ',':
                self.take()
                if self.peek()[1] == '}':
                    break
                k = self.expr()
                if self.peek()[1] != ':':
                    _malformed('Dict', self.peek()[2])
                self.take()
                d[k] = self.expr()
            self.take()
            return d
        s = {first}
        while self.peek()[1] == ',':
            self.take()
            if self.peek()[1] == '}':
                break
            s.add(self.expr())
        self.take()
        return s


def literal_eval(node_or_string):
    """Evaluate a string holding a Python literal (or container of literals)."""
    if isinstance(node_or_string, bytes):
        node_or_string = node_or_string.decode()
    if not isinstance(node_or_string, str):
        raise ValueError(f'malformed node or string: {node_or_string!r}')
    src = node_or_string.lstrip(' \t')
    compile(src, '<unknown>', 'eval')          # SyntaxError exactly as Python reports it
    toks = _tokens(src)
    p = _LiteralParser(toks)
    value = p.expr()
    if p.pos < len(toks):
        _malformed('Expr', toks[p.pos][2])
    return value
