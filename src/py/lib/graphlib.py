"""graphlib for Sandkiste: TopologicalSorter and CycleError (behaviour as CPython's)."""

__all__ = ['TopologicalSorter', 'CycleError']

_NODE_OUT = -1
_NODE_DONE = -2


class CycleError(ValueError):
    """Raised by prepare() when the graph has a cycle; args[1] is one cycle."""


class _Node:
    __slots__ = ('node', 'npredecessors', 'successors')

    def __init__(self, node):
        self.node = node
        self.npredecessors = 0
        self.successors = []


class TopologicalSorter:
    """Order the nodes of a graph so that every node comes after its predecessors."""

    def __init__(self, graph=None):
        self._nodes = {}
        self._ready = None
        self._npassed = 0
        self._nfinished = 0
        if graph is not None:
            for node, preds in graph.items():
                self.add(node, *preds)

    def _info(self, node):
        info = self._nodes.get(node)
        if info is None:
            info = self._nodes[node] = _Node(node)
        return info

    def add(self, node, *predecessors):
        if self._ready is not None:
            raise ValueError('Nodes cannot be added after a call to prepare()')
        info = self._info(node)
        info.npredecessors += len(predecessors)
        for pred in predecessors:
            self._info(pred).successors.append(node)

    def prepare(self):
        if self._ready is not None:
            raise ValueError('cannot prepare() more than once')
        self._ready = [i.node for i in self._nodes.values() if i.npredecessors == 0]
        cycle = self._find_cycle()
        if cycle:
            raise CycleError('nodes are in a cycle', cycle)

    def get_ready(self):
        if self._ready is None:
            raise ValueError('prepare() must be called first')
        out = tuple(self._ready)
        for node in out:
            self._nodes[node].npredecessors = _NODE_OUT
        self._ready.clear()
        self._npassed += len(out)
        return out

    def is_active(self):
        if self._ready is None:
            raise ValueError('prepare() must be called first')
        return self._nfinished < self._npassed or bool(self._ready)

    def __bool__(self):
        return self.is_active()

    def done(self, *nodes):
        if self._ready is None:
            raise ValueError('prepare() must be called first')
        for node in nodes:
            info = self._nodes.get(node)
            if info is None:
                raise ValueError(f'node {node!r} was not added using add()')
            state = info.npredecessors
            if state != _NODE_OUT:
                if state >= 0:
                    raise ValueError(f'node {node!r} was not passed out (still not ready)')
                if state == _NODE_DONE:
                    raise ValueError(f'node {node!r} was already marked done')
                raise ValueError(f'node {node!r}: unknown status {state}')
            info.npredecessors = _NODE_DONE
            for succ in info.successors:
                sinfo = self._nodes[succ]
                sinfo.npredecessors -= 1
                if sinfo.npredecessors == 0:
                    self._ready.append(succ)
            self._nfinished += 1

    def _find_cycle(self):
        # Depth-first over successors, iteratively; a node met again on the
        # current path closes a cycle, reported from that node round to itself.
        seen = set()
        for start in self._nodes:
            if start in seen:
                continue
            path = []
            on_path = {}
            stack = [(start, iter(self._nodes[start].successors))]
            path.append(start)
            on_path[start] = 0
            while stack:
                node, succs = stack[-1]
                advanced = False
                for succ in succs:
                    if succ in on_path:
                        return path[on_path[succ]:] + [succ]
                    if succ in seen:
                        continue
                    on_path[succ] = len(path)
                    path.append(succ)
                    stack.append((succ, iter(self._nodes[succ].successors)))
                    advanced = True
                    break
                if not advanced:
                    stack.pop()
                    done = path.pop()
                    del on_path[done]
                    seen.add(done)
        return None

    def static_order(self):
        self.prepare()
        while self.is_active():
            ready = self.get_ready()
            yield from ready
            self.done(*ready)

    def __class_getitem__(cls, item):
        import types
        return types.GenericAlias(cls, item)
