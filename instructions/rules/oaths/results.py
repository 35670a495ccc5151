"""Remembered results of finished checks: a page's live check and its save check read the same text."""

from __future__ import annotations

import threading
from collections import OrderedDict
from collections.abc import Hashable

from instructions.rules.oaths.model import CHECK_DID_NOT_FINISH, OathResult


class ResultCache:
    """The latest ``size`` results by key, the least recently used forgotten first; thread-safe.
    A check that did not finish is never remembered (the next call checks again)."""

    def __init__(self, size: int) -> None:
        self.size = size
        self._data: OrderedDict[Hashable, OathResult] = OrderedDict()
        self._lock = threading.Lock()

    def get(self, key: Hashable) -> OathResult | None:
        with self._lock:
            result = self._data.get(key)
            if result is not None:
                self._data.move_to_end(key)
            return result

    def put(self, key: Hashable, result: OathResult) -> OathResult:
        if not any(f.rule_id == CHECK_DID_NOT_FINISH for f in result.findings):
            with self._lock:
                self._data[key] = result
                while len(self._data) > self.size:
                    self._data.popitem(last=False)
        return result

    def clear(self) -> None:
        with self._lock:
            self._data.clear()
