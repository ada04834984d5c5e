# queue for Sandkiste: FIFO, LIFO, priority and simple queues.
#
# There is only one thread, so nobody else can ever fill an empty queue or
# drain a full one while we wait.  A call that would have to wait therefore
# fails at once: with Empty/Full when the caller allowed a bounded wait (or
# none), and with RuntimeError when it asked to wait forever.

import collections
import heapq
import types

__all__ = ['Empty', 'Full', 'ShutDown', 'Queue', 'PriorityQueue', 'LifoQueue', 'SimpleQueue']

_alias = classmethod(types.GenericAlias)
_E_TIMEOUT = "'timeout' must be a non-negative number"
_E_TASK_DONE = 'task_done() called too many times'
_E_FOREVER = '%s would wait forever: this interpreter runs a single thread'


class Empty(Exception):
    'Raised when a get() finds nothing and cannot wait.'


class Full(Exception):
    'Raised when a put() finds no room and cannot wait.'


class ShutDown(Exception):
    'Raised by put() or get() on a queue that was shut down.'


def _cannot_wait(kind, block, timeout, method):
    # the queue is blocked (empty for get, full for put): decide how to fail
    if timeout is None and block:
        raise RuntimeError(_E_FOREVER % method)
    raise kind


def _check_timeout(block, timeout):
    if block and timeout is not None and timeout < 0:
        raise ValueError(_E_TIMEOUT)


class _Channel:
    # put/get logic shared by Queue and SimpleQueue; the storage and the
    # bookkeeping come from hooks
    __class_getitem__ = _alias
    _label = 'Queue'

    def _before_put(self, block, timeout):
        pass

    def _after_put(self):
        pass

    def _get_refused(self):
        return False

    def put(self, item, block=True, timeout=None):
        self._before_put(block, timeout)
        self._put(item)
        self._after_put()

    def get(self, block=True, timeout=None):
        if self._get_refused():
            raise ShutDown
        _check_timeout(block, timeout)
        if not self._qsize():
            _cannot_wait(Empty, block, timeout, self._label + '.get()')
        return self._get()

    def put_nowait(self, item):
        return self.put(item, False)

    def get_nowait(self):
        return self.get(False)

    def qsize(self):
        return self._qsize()

    def empty(self):
        return self._qsize() == 0


class Queue(_Channel):
    def __init__(self, maxsize=0):
        self.maxsize = maxsize
        self.unfinished_tasks = 0
        self.is_shutdown = False
        self._init(maxsize)

    # storage hooks for the subclasses
    def _init(self, maxsize):
        self.queue = collections.deque()

    def _qsize(self):
        return len(self.queue)

    def _put(self, item):
        self.queue.append(item)

    def _get(self):
        return self.queue.popleft()

    def full(self):
        return self.maxsize > 0 and self._qsize() >= self.maxsize

    def _before_put(self, block, timeout):
        if self.is_shutdown:
            raise ShutDown
        if self.maxsize > 0:
            _check_timeout(block, timeout)
            if self.full():
                _cannot_wait(Full, block, timeout, 'Queue.put()')

    def _after_put(self):
        self.unfinished_tasks = self.unfinished_tasks + 1

    def _get_refused(self):
        return self.is_shutdown and not self._qsize()

    def task_done(self):
        left = self.unfinished_tasks
        if left <= 0:
            raise ValueError(_E_TASK_DONE)
        self.unfinished_tasks = left - 1

    def join(self):
        if self.unfinished_tasks:
            raise RuntimeError(_E_FOREVER % 'Queue.join()')

    def shutdown(self, immediate=False):
        self.is_shutdown = True
        if not immediate:
            return
        # drop what is queued, counting each dropped item as done
        while self._qsize():
            self._get()
            if self.unfinished_tasks:
                self.unfinished_tasks = self.unfinished_tasks - 1


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

    def _get(self):
        return self.queue.pop()


class SimpleQueue(_Channel):
    # unbounded, no task accounting, no shutdown
    _label = 'SimpleQueue'

    def __init__(self):
        self._fifo = collections.deque()

    def _qsize(self):
        return len(self._fifo)

    def _put(self, item):
        self._fifo.append(item)

    def _get(self):
        return self._fifo.popleft()


SimpleQueue.__module__ = '_queue'    # where CPython's lives
