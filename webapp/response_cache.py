"""A small in-process LRU of rendered responses, for views that are pure functions of their input.

The sandbox's live verdict depends only on the board form and the language: a slider dragged back
and forth, or a class of 60 on one lesson board, asks for the same few renderings again and again.
Only what the view returned is kept; after-request hooks (security headers, gzip, cookies) still
run on every response.
"""

from __future__ import annotations

import threading
from collections import OrderedDict
from collections.abc import Callable, Hashable

from flask import Response

_SKIP = {"Content-Length", "Set-Cookie"}
_MISSING = object()


class LRU:
    """A thread-safe least-recently-used map of values computed on demand (and never mutated)."""

    def __init__(self, maxsize: int):
        self.maxsize = maxsize
        self._items: OrderedDict[Hashable, object] = OrderedDict()
        self._lock = threading.Lock()

    def get_or_make(self, key: Hashable, make: Callable[[], object]):
        value = self.get(key, _MISSING)
        if value is _MISSING:
            value = make()  # outside the lock: two threads may both make it; the values are equal
            self.put(key, value)
        return value

    def get(self, key: Hashable, default=None):
        with self._lock:
            if key in self._items:
                self._items.move_to_end(key)
                return self._items[key]
        return default

    def put(self, key: Hashable, value) -> None:
        with self._lock:
            self._items[key] = value
            while len(self._items) > self.maxsize:
                self._items.popitem(last=False)

    def clear(self) -> None:
        with self._lock:
            self._items.clear()


class ResponseCache:
    def __init__(self, maxsize: int = 2048):
        self._items = LRU(maxsize)
        self.hits = self.misses = 0  # for tests and benchmarks (not updated under a lock)

    def get_or_render(self, key: Hashable, render: Callable[[], Response]) -> Response:
        item = self._items.get(key)
        if item is None:
            response = render()
            if response.status_code != 200 or response.direct_passthrough:
                return response
            self._items.put(key, (response.get_data(), response.status_code,
                                  [(k, v) for k, v in response.headers.items() if k not in _SKIP]))
            self.misses += 1
            return response
        self.hits += 1
        body, status, headers = item
        return Response(body, status, headers)

    def clear(self) -> None:
        self._items.clear()
