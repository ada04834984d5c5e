"""queue for Sandkiste: FIFO, LIFO and priority queues (single-threaded:
a get() from an empty queue or a put() into a full one raises Empty/Full
when it could not wait, and RuntimeError when it would wait forever)."""
import heapq
from collections import deque

__all__ = ['Empty', 'Full', 'ShutDown', 'Queue', 'PriorityQueue', 'LifoQueue', 'SimpleQueue']


class Empty(Exception):
    """Raised by get(block=False) or get(timeout=...) on an empty queue."""


class Full(Exception):
    """Raised by put(block=False) or put(timeout=...) on a full queue."""


class ShutDown(Exception):
    """Raised on a queue that has been shut down."""


class Queue:
    def __init__(self, maxsize=0):
        self.maxsize = maxsize
        self._init(maxsize)
        self.unfinished_tasks = 0
        self.is_shutdown = False

    def _init(self, maxsize):
        self.queue = deque()

    def _qsize(self):
        return len(self.queue)

    def _put(self, item):
        self.queue.append(item)

    def _get(self):
        return self.queue.popleft()

    def task_done(self):
        if self.unfinished_tasks <= 0:
            raise ValueError('task_done() called too many times')
        self.unfinished_tasks -= 1

    def join(self):
        if self.unfinished_tasks:
            raise RuntimeError('Queue.join() would wait forever: this interpreter runs a single thread')

    def qsize(self):
        return self._qsize()

    def empty(self):
        return not self._qsize()

    def full(self):
        return 0 < self.maxsize <= self._qsize()

    def put(self, item, block=True, timeout=None):
        if self.is_shutdown:
            raise ShutDown
        if self.maxsize > 0 and self._qsize() >= self.maxsize:
            if not block:
                raise Full
            if timeout is not None:
                if timeout < 0:
                    raise ValueError("'timeout' must be a non-negative number")
                raise Full
            raise RuntimeError('Queue.put() would wait forever: this interpreter runs a single thread')
        self._put(item)
        self.unfinished_tasks += 1

    def get(self, block=True, timeout=None):
        if not self._qsize():
            if self.is_shutdown:
                raise ShutDown
            if not block:
                raise Empty
            if timeout is not None:
                if timeout < 0:
                    raise ValueError("'timeout' must be a non-negative number")
                raise Empty
            raise RuntimeError('Queue.get() would wait forever: this interpreter runs a single thread')
        return self._get()

    def put_nowait(self, item):
        return self.put(item, block=False)

    def get_nowait(self):
        return self.get(block=False)

    def shutdown(self, immediate=False):
        self.is_shutdown = True
        if immediate:
            while self._qsize():
                self._get()
                if self.unfinished_tasks > 0:
                    self.unfinished_tasks -= 1

    def __class_getitem__(cls, item):
        import types
        return types.GenericAlias(cls, item)


class PriorityQueue(Queue):
    def _init(self, maxsize):
        self.queue = []

    def _put(self, item):
        heapq.heappush(self.queue, item)

    def _get(self):
        return heapq.heappop(self.queue)


class LifoQueue(Queue):
    def _init(self, maxsize):
        self.queue = []

    def _put(self, item):
        self.queue.append(item)

    def _get(self):
        return self.queue.pop()


class SimpleQueue:
    def __init__(self):
        self._queue = deque()

    def put(self, item, block=True, timeout=None):
        self._queue.append(item)

    def get(self, block=True, timeout=None):
        if not self._queue:
            if not block or timeout is not None:
                raise Empty
            raise RuntimeError('SimpleQueue.get() would wait forever: this interpreter runs a single thread')
        return self._queue.popleft()

    def put_nowait(self, item):
        self.put(item, block=False)

    def get_nowait(self):
        return self.get(False)

    def empty(self):
        return not self._queue

    def qsize(self):
        return len(self._queue)

    def __class_getitem__(cls, item):
        import types
        return types.GenericAlias(cls, item)
