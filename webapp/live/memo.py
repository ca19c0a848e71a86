"""Recent live answers, kept by each worker: a memo bounded in bytes.

What a slider drag brings back on any surface (webapp/views/live_answer.py: the `verdict` and
`live_oob` blocks, and the sandbox's link) is a function of the board, the slider fields as
posted, what the surface locks or hides, and the page's language only: no learner, session, token
or answer is in it. A class of hundreds drags on one board whose splits are few, so most drags ask
for an answer the worker has just rendered. `bench/class_load.py --page surfaces` (and `--page
class`) show what this buys a learner (run it once with LIVE_CACHE_BYTES=0 to compare).

Only callers whose key holds every input of what they render may use it, and nothing read from
the request other than those inputs may reach the rendering (tests/web/test_live_memo.py checks
that two sessions get the same bytes, with neither one's token in them). Entries (a str, or a
tuple of str) are evicted least recently used first once they add up to `max_bytes`; 0 turns the
memo off.
"""

from __future__ import annotations

import sys
import threading
from collections.abc import Callable, Hashable
from typing import NamedTuple

from cachetools import LRUCache


class _Entry(NamedTuple):
    body: str | tuple
    size: int  # bytes of the body and its key, as Python holds them


def deep_size(value) -> int:
    """Bytes Python uses for a key or body made of str/int/tuple (what this memo holds)."""
    size = sys.getsizeof(value)
    if isinstance(value, tuple):
        size += sum(deep_size(item) for item in value)
    return size


class Memo:
    def __init__(self, max_bytes: int):
        self.max_bytes = max(int(max_bytes), 0)
        self._entries = LRUCache(maxsize=self.max_bytes, getsizeof=lambda e: e.size) \
            if self.max_bytes else None
        self._lock = threading.Lock()  # gunicorn's threads share a worker's memo
        self.hits = 0  # answers given without rendering (the tests read it)

    def get(self, key: Hashable, render: Callable[[], str | tuple]) -> str | tuple:
        """The body kept for `key`, else `render()` (kept if it fits)."""
        if self._entries is None:
            return render()
        with self._lock:
            entry = self._entries.get(key)
            if entry is not None:
                self.hits += 1
                return entry.body
        body = render()
        # The LRU holds each key twice (its dict and its order): the key is counted twice.
        size = deep_size(key) * 2 + deep_size(body)
        if size <= self.max_bytes:
            with self._lock:
                self._entries[key] = _Entry(body, size)
        return body

    @property
    def bytes_used(self) -> int:
        return int(self._entries.currsize) if self._entries is not None else 0

    def __len__(self) -> int:
        return len(self._entries) if self._entries is not None else 0
